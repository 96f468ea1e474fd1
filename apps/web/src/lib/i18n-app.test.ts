import { describe, expect, it } from 'vitest';
import { createAppI18n, loadCatalogue, loadScreenCatalogues } from './i18n-app';
import enAppointments from '../locales/en/appointments.json';
import esAppointments from '../locales/es/appointments.json';
import en from '../locales/en/translation.json';

// Issue 16: the app's instance starts with translation.json only; the rest arrives on demand.
describe('the app i18n instance', () => {
  it('has the core strings at once and an area file only once its catalogue is loaded', async () => {
    const i18n = createAppI18n();
    expect(i18n.t('signIn.title')).toBe(en.signIn.title);
    expect(i18n.t('appointments.title')).toBe('appointments.title');

    await loadScreenCatalogues();
    expect(i18n.t('appointments.title')).toBe(enAppointments.title);
    // The area files add to the core keys, they do not replace them.
    expect(i18n.t('signIn.title')).toBe(en.signIn.title);

    await loadCatalogue('es');
    await i18n.changeLanguage('es');
    expect(i18n.t('appointments.title')).toBe(esAppointments.title);
  });
});

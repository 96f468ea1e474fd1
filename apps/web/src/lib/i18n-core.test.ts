import { describe, expect, it, vi } from 'vitest';
import { I18n, interpolate } from './i18n-core';
import { createI18n } from './i18n';

function translator(language = 'en') {
  return new I18n({
    language,
    fallbackLanguage: 'en',
    resources: {
      en: {
        greeting: 'Hello {{name}}',
        nested: { deep: { key: 'Deep' } },
        onlyEnglish: 'Only in English',
        doses_one: '{{count}} dose left',
        doses_other: '{{count}} doses left',
        items_zero: 'No items',
        items_one: 'One item',
        items_other: '{{count}} items',
        status: 'Status',
        status_cancelled: 'Cancelled',
        empty: '',
      },
      es: {
        greeting: 'Hola {{name}}',
        nested: { deep: { key: 'Profundo' } },
        doses_one: 'Te queda {{count}} dosis',
        doses_other: 'Te quedan {{count}} dosis',
      },
    },
  });
}

describe('the translator (issue 16: i18next call shapes, catalogues unchanged)', () => {
  it('finds nested keys and fills {{placeholders}}, leaving ones not given as written', () => {
    const { t } = translator();
    expect(t('nested.deep.key')).toBe('Deep');
    expect(t('greeting', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('greeting')).toBe('Hello {{name}}');
    expect(t('greeting', { name: undefined })).toBe('Hello ');
    expect(interpolate('{{ a }}/{{b}}/{{a}}', { a: 1, b: '{{a}}' })).toBe('1/{{a}}/1');
  });

  it('does not escape values (React escapes what it renders)', () => {
    expect(translator().t('greeting', { name: '<b>&' })).toBe('Hello <b>&');
  });

  it('picks plural forms by count with the language’s rules', () => {
    const en = translator();
    expect(en.t('doses', { count: 1 })).toBe('1 dose left');
    expect(en.t('doses', { count: 0 })).toBe('0 doses left');
    expect(en.t('doses', { count: 2 })).toBe('2 doses left');
    expect(en.t('items', { count: 0 })).toBe('No items');
    expect(en.t('items', { count: 1 })).toBe('One item');
    const es = translator('es');
    expect(es.t('doses', { count: 1 })).toBe('Te queda 1 dosis');
    expect(es.t('doses', { count: 0 })).toBe('Te quedan 0 dosis');
    expect(es.t('doses', { count: 5 })).toBe('Te quedan 5 dosis');
  });

  it('falls back to English for a key the language lacks, and to the key when none has it', () => {
    const es = translator('es');
    expect(es.t('greeting', { name: 'Ana' })).toBe('Hola Ana');
    expect(es.t('onlyEnglish')).toBe('Only in English');
    expect(es.t('items', { count: 3 })).toBe('3 items');
    expect(es.t('no.such.key')).toBe('no.such.key');
    expect(es.t('nested.deep')).toBe('nested.deep');
    expect(es.t('empty')).toBe('');
  });

  it('says defaultValue, interpolated, only when no language has the key', () => {
    const { t } = translator();
    expect(t('billing.status.paused', { defaultValue: 'paused' })).toBe('paused');
    expect(t('missing', { defaultValue: 'Hi {{name}}', name: 'Bo' })).toBe('Hi Bo');
    expect(t('status', { defaultValue: 'unused' })).toBe('Status');
  });

  it('picks key_context when there is one', () => {
    const { t } = translator();
    expect(t('status', { context: 'cancelled' })).toBe('Cancelled');
    expect(t('status', { context: 'active' })).toBe('Status');
  });

  it('answers exists for the language shown and English behind it', () => {
    const es = translator('es');
    expect(es.exists('greeting')).toBe(true);
    expect(es.exists('onlyEnglish')).toBe(true);
    expect(es.exists('nope')).toBe(false);
    expect(es.exists('nested')).toBe(false);
  });

  it('adds catalogues deeply and says which languages it has', () => {
    const i18n = new I18n({ language: 'en', fallbackLanguage: 'en', resources: {} });
    expect(i18n.hasResourceBundle('en')).toBe(false);
    i18n.addResourceBundle('en', { home: { title: 'Home' }, a: 'A' });
    i18n.addResourceBundle('en', { home: { tour: 'Tour' }, a: 'A2' });
    expect(i18n.hasResourceBundle('en')).toBe(true);
    expect(i18n.t('home.title')).toBe('Home');
    expect(i18n.t('home.tour')).toBe('Tour');
    expect(i18n.t('a')).toBe('A2');
  });

  it('changes language, telling listeners once, and stops telling them after off', async () => {
    const i18n = translator();
    const listener = vi.fn();
    i18n.on('languageChanged', listener);
    const t = await i18n.changeLanguage('es');
    expect(i18n.language).toBe('es');
    expect(i18n.resolvedLanguage).toBe('es');
    expect(t('greeting', { name: 'Ana' })).toBe('Hola Ana');
    await i18n.changeLanguage('es');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('es');
    i18n.off('languageChanged', listener);
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads the real catalogues: plurals in English and Spanish', () => {
    expect(createI18n().t('prescriptions.runway.dosesLeft', { count: 1 })).toBe(
      '1 weekly dose left',
    );
    expect(createI18n('es').t('prescriptions.runway.dosesLeft', { count: 1 })).toBe(
      'Te queda 1 dosis semanal',
    );
    expect(createI18n('es').t('prescriptions.runway.dosesLeft', { count: 3 })).toBe(
      'Te quedan 3 dosis semanales',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { browserLanguage, chooseLanguage, createI18n } from './i18n';

describe('language (spec 01 §1: English, Spanish supported, switcher disabled)', () => {
  it("takes the browser's first language the portal has, by its primary subtag", () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'ES', 'en'])).toBe('es');
    expect(browserLanguage(['en_GB'])).toBe('en');
    expect(browserLanguage(['fr', 'de'])).toBeNull();
    expect(browserLanguage([])).toBeNull();
  });

  it('is English while the spanish flag is off, whatever was stored or the browser says', () => {
    expect(chooseLanguage({ spanish: false, stored: 'es', preferred: ['es-MX'] })).toBe('en');
  });

  it("with the flag on: the stored choice, else the browser's language, else English", () => {
    expect(chooseLanguage({ spanish: true, stored: 'en', preferred: ['es-MX'] })).toBe('en');
    expect(chooseLanguage({ spanish: true, stored: null, preferred: ['es-MX'] })).toBe('es');
    expect(chooseLanguage({ spanish: true, stored: 'xx', preferred: ['es'] })).toBe('es');
    expect(chooseLanguage({ spanish: true, stored: null, preferred: ['fr'] })).toBe('en');
  });

  it('starts in English, with the Spanish catalogue loaded', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('signIn.title')).toBe('Sign in');
    expect(createI18n('es').t('signIn.title')).toBe('Iniciar sesión');
  });
});

import { DEFAULT_LANGUAGE } from '@portal/domain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';

// Spec 01 §1: English is the working language; Spanish is in the catalogue, and the header's
// language switcher stays disabled, so the language is always English for now.
export const resources = { en: { translation: en }, es: { translation: es } } as const;

export function createI18n(language: string = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'es'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

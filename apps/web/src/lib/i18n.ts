import { DEFAULT_LANGUAGE } from '@portal/domain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogue as enCatalogue } from './i18n-catalogue-en';
import { catalogue as esCatalogue } from './i18n-catalogue-es';
import { I18N_OPTIONS } from './i18n-app';

// The app itself reads i18n-app.ts (translation.json first, each full catalogue on demand);
// this module has every string of both languages at once, for tests.
export {
  browserLanguage,
  chooseLanguage,
  isLanguage,
  useApplyLanguage,
  useLanguageChoice,
} from './i18n-app';

/** Every string of both languages. */
export const resources = {
  en: { translation: enCatalogue },
  es: { translation: esCatalogue },
} as const;

/** An instance with every string loaded, synchronously. */
export function createI18n(language: string = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...I18N_OPTIONS, resources, lng: language });
  return instance;
}

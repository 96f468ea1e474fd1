import { DEFAULT_LANGUAGE } from '@portal/domain';
import { catalogue as enCatalogue } from './i18n-catalogue-en';
import { catalogue as esCatalogue } from './i18n-catalogue-es';
import { I18n } from './i18n-core';

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
export const resources = { en: enCatalogue, es: esCatalogue } as const;

/** An instance with every string loaded, synchronously. */
export function createI18n(language: string = DEFAULT_LANGUAGE): I18n {
  return new I18n({ language, fallbackLanguage: DEFAULT_LANGUAGE, resources });
}

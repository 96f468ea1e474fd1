import { DEFAULT_LANGUAGE, FEATURE_FLAGS, LANGUAGES, type Language } from '@portal/domain';
import { useCallback, useEffect } from 'react';
import { I18n } from './i18n-core';
import { useTranslation } from './i18n-react';
import { useFlag } from './flags/use-flag';
import { useServices } from './services';
import { STORAGE_KEYS } from './session/storage-keys';
import enCore from '../locales/en/translation.json';

// Spec 01 §1: English is the working language; Spanish is in the catalogue, and the header's
// language switcher stays disabled. The `spanish` flag (off by default) turns Spanish on: the
// switcher works, and the language is the customer's choice, else the browser's.

// Issue 16: the app's instance starts with translation.json only (the sign-in page, the shell's
// chrome, the error codes); each language's full catalogue is its own chunk, loaded before a
// screen that needs it renders (lazy-screens.ts) and before the language is switched to.
const loaders: Record<Language, () => Promise<{ catalogue: object }>> = {
  en: () => import('./i18n-catalogue-en'),
  es: () => import('./i18n-catalogue-es'),
};
const cores: Record<Language, () => Promise<{ default: object }>> = {
  en: () => Promise.resolve({ default: enCore }),
  es: () => import('../locales/es/translation.json'),
};
let appInstance: I18n | undefined;
const loading = new Map<Language, Promise<void>>();

/** The app's instance (main.tsx): English's core strings now; the rest on demand. */
export function createAppI18n(): I18n {
  const instance = new I18n({
    language: DEFAULT_LANGUAGE,
    fallbackLanguage: DEFAULT_LANGUAGE,
    resources: { [DEFAULT_LANGUAGE]: enCore },
  });
  appInstance = instance;
  return instance;
}

/** Loads the full catalogue of `language` into the app's instance (once; no-op in tests). */
export function loadCatalogue(language: Language): Promise<void> {
  const instance = appInstance;
  if (!instance) return Promise.resolve();
  let done = loading.get(language);
  if (!done) {
    done = loaders[language]().then(({ catalogue }) => {
      instance.addResourceBundle(language, catalogue);
    });
    done.catch(() => loading.delete(language));
    loading.set(language, done);
  }
  return done;
}

/** The catalogues every screen beyond sign-in reads: the language shown, and English behind it. */
export function loadScreenCatalogues(): Promise<void> {
  const current = appInstance?.resolvedLanguage;
  const language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  return Promise.all([loadCatalogue(DEFAULT_LANGUAGE), loadCatalogue(language)]).then(() => {});
}

/** Switches language once its strings are in (the core file now, the rest if screens need it). */
async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  if (instance === appInstance) {
    if (!instance.hasResourceBundle(language)) {
      const core = await cores[language]();
      instance.addResourceBundle(language, core.default);
    }
    if (loading.has(DEFAULT_LANGUAGE)) await loadCatalogue(language);
  }
  await instance.changeLanguage(language);
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The first of the browser's languages (navigator.languages, best first) the portal has. */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** English unless Spanish is on; then the stored choice, else the browser's language. */
export function chooseLanguage({
  spanish,
  stored,
  preferred,
}: {
  spanish: boolean;
  stored: string | null;
  preferred: readonly string[];
}): Language {
  if (!spanish) return DEFAULT_LANGUAGE;
  if (isLanguage(stored)) return stored;
  return browserLanguage(preferred) ?? DEFAULT_LANGUAGE;
}

function preferredLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/** Keeps the translator and <html lang> on the language the `spanish` flag allows (RootLayout). */
export function useApplyLanguage(): void {
  const { i18n } = useTranslation();
  const { storage } = useServices();
  const spanish = useFlag(FEATURE_FLAGS.spanish);
  useEffect(() => {
    const language = chooseLanguage({
      spanish,
      stored: storage.getItem(STORAGE_KEYS.language),
      preferred: preferredLanguages(),
    });
    if (i18n.resolvedLanguage !== language) void switchLanguage(i18n, language);
  }, [spanish, storage, i18n]);
  useEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = language;
    };
    apply(i18n.resolvedLanguage);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
}

/** For the language switcher: whether it may be used, the language, and the choice. */
export function useLanguageChoice(): {
  enabled: boolean;
  language: Language;
  choose: (language: Language) => void;
} {
  const { i18n } = useTranslation();
  const { storage } = useServices();
  const enabled = useFlag(FEATURE_FLAGS.spanish);
  const current = i18n.resolvedLanguage;
  const choose = useCallback(
    (language: Language) => {
      storage.setItem(STORAGE_KEYS.language, language);
      void switchLanguage(i18n, language);
    },
    [storage, i18n],
  );
  return { enabled, language: isLanguage(current) ? current : DEFAULT_LANGUAGE, choose };
}

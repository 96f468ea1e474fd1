import { DEFAULT_LANGUAGE, FEATURE_FLAGS, LANGUAGES, type Language } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import i18next, { type i18n } from 'i18next';
import { useCallback, useEffect } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useServices } from './services';
import { STORAGE_KEYS } from './session/storage-keys';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import enAppointments from '../locales/en/appointments.json';
import esAppointments from '../locales/es/appointments.json';
import enHome from '../locales/en/home.json';
import esHome from '../locales/es/home.json';
import enLabs from '../locales/en/labs.json';
import esLabs from '../locales/es/labs.json';
import enMessages from '../locales/en/messages.json';
import esMessages from '../locales/es/messages.json';
import enNotifications from '../locales/en/notifications.json';
import esNotifications from '../locales/es/notifications.json';
import enPrescriptions from '../locales/en/prescriptions.json';
import esPrescriptions from '../locales/es/prescriptions.json';
import enReferrals from '../locales/en/referrals.json';
import esReferrals from '../locales/es/referrals.json';
import enBilling from '../locales/en/billing.json';
import esBilling from '../locales/es/billing.json';
import enTour from '../locales/en/tour.json';
import esTour from '../locales/es/tour.json';
import enBulk from '../locales/en/bulk.json';
import esBulk from '../locales/es/bulk.json';
import enWeight from '../locales/en/weight.json';
import enForms from '../locales/en/forms.json';
import esForms from '../locales/es/forms.json';
import enAccount from '../locales/en/account.json';
import esAccount from '../locales/es/account.json';
import esWeight from '../locales/es/weight.json';

// Spec 01 §1: English is the working language; Spanish is in the catalogue, and the header's
// language switcher stays disabled. The `spanish` flag (off by default) turns Spanish on: the
// switcher works, and the language is the customer's choice, else the browser's.
// Area files sit under their area's key in the one namespace (appointments.json → appointments.*).
export const resources = {
  en: {
    translation: {
      ...en,
      appointments: enAppointments,
      // home.json and notifications.json add to the keys the shell already had there.
      home: { ...en.home, ...enHome },
      notifications: { ...en.notifications, ...enNotifications },
      messages: enMessages,
      tour: enTour,
      prescriptions: enPrescriptions,
      labs: enLabs,
      referrals: enReferrals,
      weight: enWeight,
      forms: enForms,
      bulk: enBulk,
      measurements: enWeight.measurements,
      // billing.json also holds the domain's card.* and cancellation.* message keys.
      ...enBilling,
      // account.json holds the domain's address.*, emailChange.* and deleteAccount.* keys too;
      // its account.* adds to the account menu's keys.
      ...enAccount,
      account: { ...en.account, ...enAccount.account },
    },
  },
  es: {
    translation: {
      ...es,
      appointments: esAppointments,
      home: { ...es.home, ...esHome },
      notifications: { ...es.notifications, ...esNotifications },
      messages: esMessages,
      tour: esTour,
      prescriptions: esPrescriptions,
      labs: esLabs,
      referrals: esReferrals,
      weight: esWeight,
      forms: esForms,
      bulk: esBulk,
      measurements: esWeight.measurements,
      ...esBilling,
      ...esAccount,
      account: { ...es.account, ...esAccount.account },
    },
  },
} as const;

export function createI18n(language: string = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
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

/** Keeps i18next and <html lang> on the language the `spanish` flag allows (RootLayout). */
export function useApplyLanguage(): void {
  const { i18n } = useTranslation();
  const { storage } = useServices();
  const spanish = useBooleanFlagValue(FEATURE_FLAGS.spanish, false);
  useEffect(() => {
    const language = chooseLanguage({
      spanish,
      stored: storage.getItem(STORAGE_KEYS.language),
      preferred: preferredLanguages(),
    });
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [spanish, storage, i18n]);
  useEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = language;
    };
    apply(i18n.resolvedLanguage ?? DEFAULT_LANGUAGE);
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
  const enabled = useBooleanFlagValue(FEATURE_FLAGS.spanish, false);
  const current = i18n.resolvedLanguage;
  const choose = useCallback(
    (language: Language) => {
      storage.setItem(STORAGE_KEYS.language, language);
      void i18n.changeLanguage(language);
    },
    [storage, i18n],
  );
  return { enabled, language: isLanguage(current) ? current : DEFAULT_LANGUAGE, choose };
}

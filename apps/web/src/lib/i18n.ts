import { DEFAULT_LANGUAGE } from '@portal/domain';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import enAppointments from '../locales/en/appointments.json';
import esAppointments from '../locales/es/appointments.json';
import enHome from '../locales/en/home.json';
import esHome from '../locales/es/home.json';
import enMessages from '../locales/en/messages.json';
import esMessages from '../locales/es/messages.json';
import enNotifications from '../locales/en/notifications.json';
import esNotifications from '../locales/es/notifications.json';
import enTour from '../locales/en/tour.json';
import esTour from '../locales/es/tour.json';

// Spec 01 §1: English is the working language; Spanish is in the catalogue, and the header's
// language switcher stays disabled, so the language is always English for now.
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
    },
  },
} as const;

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

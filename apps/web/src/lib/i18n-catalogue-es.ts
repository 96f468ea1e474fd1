// The Spanish catalogue beyond translation.json: loaded on demand (i18n.ts loadCatalogue), so
// the sign-in page's entry carries only the core file of the language it shows.
// Area files sit under their area's key in the one namespace (appointments.json → appointments.*).
import es from '../locales/es/translation.json';
import esAppointments from '../locales/es/appointments.json';
import esHome from '../locales/es/home.json';
import esLabs from '../locales/es/labs.json';
import esMessages from '../locales/es/messages.json';
import esNotifications from '../locales/es/notifications.json';
import esPrescriptions from '../locales/es/prescriptions.json';
import esReferrals from '../locales/es/referrals.json';
import esBilling from '../locales/es/billing.json';
import esTour from '../locales/es/tour.json';
import esBulk from '../locales/es/bulk.json';
import esForms from '../locales/es/forms.json';
import esAccount from '../locales/es/account.json';
import esWeight from '../locales/es/weight.json';

export const catalogue = {
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
} as const;

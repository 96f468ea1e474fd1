// The English catalogue beyond translation.json: loaded on demand (i18n.ts loadCatalogue), so
// the sign-in page's entry carries only the core file of the language it shows.
// Area files sit under their area's key in the one namespace (appointments.json → appointments.*).
import en from '../locales/en/translation.json';
import enAppointments from '../locales/en/appointments.json';
import enHome from '../locales/en/home.json';
import enLabs from '../locales/en/labs.json';
import enMessages from '../locales/en/messages.json';
import enNotifications from '../locales/en/notifications.json';
import enPrescriptions from '../locales/en/prescriptions.json';
import enReferrals from '../locales/en/referrals.json';
import enBilling from '../locales/en/billing.json';
import enTour from '../locales/en/tour.json';
import enBulk from '../locales/en/bulk.json';
import enWeight from '../locales/en/weight.json';
import enForms from '../locales/en/forms.json';
import enAccount from '../locales/en/account.json';

export const catalogue = {
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
} as const;

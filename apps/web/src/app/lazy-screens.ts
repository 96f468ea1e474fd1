import { lazy, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../components/lazy-dialog';
import { lazyWithReload } from '../lib/chunk-reload';
import { loadScreenCatalogues } from '../lib/i18n-app';
import { prefetchableScreen, registerHomePrefetch } from '../lib/prefetch-home';

// Every screen is its own chunk (route-level code splitting); a chunk that fails to load
// reloads the page (spec 01 §4). A screen renders once its chunk and the language's full
// catalogue are in (issue 16: the sign-in page's entry carries only translation.json).
function lazyNamed<K extends string, P>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(
    lazyWithReload(async () => {
      const [loaded] = await Promise.all([load(), loadScreenCatalogues()]);
      return { default: loaded[name] };
    }),
  );
}

const loadShellLayout = () => import('../features/shell/shell-layout');
const loadDataLayer = () => import('./data-layer');
// The query cache and OpenFeature for every screen past sign-in (issue 16: not on sign-in).
export const DataLayer = prefetchableScreen<'DataLayer', { children: ReactNode }>(
  loadDataLayer,
  'DataLayer',
);
export const RequireFlag = prefetchableScreen<'RequireFlag', { flag: string; children: ReactNode }>(
  loadDataLayer,
  'RequireFlag',
);
const loadHomeScreen = () => import('../features/home/home-screen');
// Rendered without suspending once prefetched (lib/prefetch-home.ts).
export const ShellLayout = prefetchableScreen(loadShellLayout, 'ShellLayout');
export const HomeScreen = prefetchableScreen(loadHomeScreen, 'HomeScreen');

// What the sign-in screen fetches while the customer types (issue 16).
registerHomePrefetch(
  [DataLayer.preload, ShellLayout.preload, HomeScreen.preload],
  () => import('../features/home/home-queries'),
);

// Prefetchable: main.tsx has it in before the first render (its chunk is index.html's
// modulepreload), so the page paints in that render instead of after a loader and React's
// 300 ms fallback throttle (issue 46: the sign-in page's LCP).
export const SignInPage = prefetchableScreen(
  () => import('../features/auth/sign-in-page'),
  'SignInPage',
  { catalogues: false },
);
// The sign-in page's own pieces wait for their chunk alone (lazyComponent, no catalogues):
// translation.json has every string they show.
export const AccessLayout = lazyComponent(
  () => import('../features/auth/access-layout'),
  'AccessLayout',
);
export const SignUpScreen = lazyNamed(
  () => import('../features/auth/sign-up-screen'),
  'SignUpScreen',
);
export const ForgotPasswordScreen = lazyNamed(
  () => import('../features/auth/forgot-password-screen'),
  'ForgotPasswordScreen',
);
export const ResetPasswordScreen = lazyNamed(
  () => import('../features/auth/reset-password-screen'),
  'ResetPasswordScreen',
);
export const EmailVerificationScreen = lazyNamed(
  () => import('../features/auth/email-verification-screen'),
  'EmailVerificationScreen',
);
export const AppointmentsScreen = lazyNamed(
  () => import('../features/appointments/appointments-screen'),
  'AppointmentsScreen',
);
export const BookingScreen = lazyNamed(
  () => import('../features/appointments/booking-screen'),
  'BookingScreen',
);
export const IntakeScreen = lazyNamed(
  () => import('../features/intake/intake-screen'),
  'IntakeScreen',
);
export const MessagesScreen = lazyNamed(
  () => import('../features/messages/messages-screen'),
  'MessagesScreen',
);
export const MessageDetailScreen = lazyNamed(
  () => import('../features/messages/message-detail-screen'),
  'MessageDetailScreen',
);
export const PrescriptionsScreen = lazyNamed(
  () => import('../features/prescriptions/prescriptions-screen'),
  'PrescriptionsScreen',
);
export const RxDetailsScreen = lazyNamed(
  () => import('../features/prescriptions/rx-details-screen'),
  'RxDetailsScreen',
);
export const LabsScreen = lazyNamed(() => import('../features/labs/labs-screen'), 'LabsScreen');
// The guard reads the customer (GetCustomer): with the screen, not with the route table.
export const RequireReferralEligibility = lazyNamed(
  () => import('../lib/referrals/require-referral-eligibility'),
  'RequireReferralEligibility',
);
export const ReferralsScreen = lazyNamed(
  () => import('../features/referrals/referrals-screen'),
  'ReferralsScreen',
);
export const WeightScreen = lazyNamed(
  () => import('../features/weight/weight-screen'),
  'WeightScreen',
);
export const FormScreen = lazyNamed(
  () => import('../features/forms/form-screen/form-screen'),
  'FormScreen',
);
export const IdVerificationScreen = lazyNamed(
  () => import('../features/forms/id-verification-screen'),
  'IdVerificationScreen',
);
export const BillingScreen = lazyNamed(
  () => import('../features/billing/billing-screen'),
  'BillingScreen',
);
export const ChangePlanScreen = lazyNamed(
  // The one export, picked (here and below): from the whole module TypeScript 7 inferred the
  // props of another component it exports.
  () =>
    import('../features/billing/change-plan-screen').then(({ ChangePlanScreen }) => ({
      ChangePlanScreen,
    })),
  'ChangePlanScreen',
);
export const TreatmentChangeScreen = lazyNamed(
  () =>
    import('../features/billing/change-plan-screen').then(({ TreatmentChangeScreen }) => ({
      TreatmentChangeScreen,
    })),
  'TreatmentChangeScreen',
);
export const ProfileScreen = lazyNamed(
  () => import('../features/account/profile-screen'),
  'ProfileScreen',
);
export const ManageAccountScreen = lazyNamed(
  () => import('../features/account/manage-account-screen'),
  'ManageAccountScreen',
);
export const ShippingScreen = lazyNamed(
  () => import('../features/account/shipping-screen'),
  'ShippingScreen',
);
export const BillingAddressScreen = lazyNamed(
  () => import('../features/account/billing-address-screen'),
  'BillingAddressScreen',
);
export const NotificationPreferencesScreen = lazyNamed(
  () => import('../features/account/notification-preferences-screen'),
  'NotificationPreferencesScreen',
);
export const BulkOrderScreen = lazyNamed(
  () => import('../features/bulk/bulk-order-screen'),
  'BulkOrderScreen',
);
export const BulkPaymentScreen = lazyNamed(
  () => import('../features/bulk/bulk-payment-screen'),
  'BulkPaymentScreen',
);
export const BulkDosageGuideScreen = lazyNamed(
  () => import('../features/bulk/bulk-dosage-guide-screen'),
  'BulkDosageGuideScreen',
);

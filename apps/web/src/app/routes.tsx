import { FEATURE_FLAGS } from '@portal/domain';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireReferralEligibility } from '../lib/referrals/require-referral-eligibility';
import {
  AccessLayout,
  AppointmentsScreen,
  BillingScreen,
  BookingScreen,
  ChangePlanScreen,
  EmailVerificationScreen,
  ForgotPasswordScreen,
  IntakeScreen,
  LabsScreen,
  WeightScreen,
  MessageDetailScreen,
  MessagesScreen,
  PlaceholderScreen,
  PrescriptionsScreen,
  ReferralsScreen,
  ResetPasswordScreen,
  RxDetailsScreen,
  ShellLayout,
  SignUpScreen,
  TreatmentChangeScreen,
} from './lazy-screens';
import { RequireAuth, RequireFlag } from './route-guards';
import { RootLayout } from './root-layout';
import {
  IndexRoute,
  RefreshRoute,
  RouteErrorScreen,
  RxDetailsRoute,
  SignedOutOnly,
  UserActionRoute,
} from './special-routes';

interface ProtectedScreen {
  path: string;
  titleKey: string;
  flag?: string;
  wrap?: (screen: ReactNode) => ReactNode;
}

// Spec 01 §2 and spec 02 §2. Screens that later issues build show a placeholder inside the
// real layout; each entry becomes `lazy(() => import('../features/<area>/…'))` when built.
const PROTECTED_SCREENS: ProtectedScreen[] = [
  { path: 'profile', titleKey: 'screens.profile' },
  { path: 'notification-preferences', titleKey: 'screens.notificationPreferences' },
  { path: 'manage-account', titleKey: 'screens.manageAccount' },
  {
    path: 'bulk-dosage-guide',
    titleKey: 'screens.bulkDosageGuide',
    flag: FEATURE_FLAGS.dosingGuideRoute,
  },
  { path: 'shipping', titleKey: 'screens.shipping' },
  { path: 'bulk-payment', titleKey: 'screens.bulkPayment' },
  { path: 'bulk-order', titleKey: 'screens.bulkOrder' },
  { path: 'forms/:formId', titleKey: 'screens.forms' },
  // Route matching is case-insensitive, so this also serves /henryforms/{id}.
  { path: 'henryForms/:formId', titleKey: 'screens.forms' },
  { path: 'id-verification', titleKey: 'screens.idVerification' },
];

function protectedRoute({ path, titleKey, flag, wrap }: ProtectedScreen): RouteObject {
  let element: ReactNode = <PlaceholderScreen titleKey={titleKey} />;
  if (wrap) element = wrap(element);
  if (flag) element = <RequireFlag flag={flag}>{element}</RequireFlag>;
  return { path, element };
}

export const routes: RouteObject[] = [
  // Outside the root layout: "no data is loaded on this page".
  { path: 'refresh', element: <RefreshRoute /> },
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <IndexRoute /> },
      { path: 'invoices', element: <Navigate to="/billing?tab=invoices" replace /> },
      { path: 'user-action', element: <UserActionRoute /> },
      {
        element: <AccessLayout />,
        children: [
          {
            path: 'sign-up',
            element: (
              <SignedOutOnly>
                <SignUpScreen />
              </SignedOutOnly>
            ),
          },
          { path: 'forgot-password', element: <ForgotPasswordScreen /> },
          { path: 'reset-password', element: <ResetPasswordScreen /> },
          { path: 'email-verification', element: <EmailVerificationScreen /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <ShellLayout />
          </RequireAuth>
        ),
        children: [
          { path: 'intake', element: <IntakeScreen /> },
          { path: 'appointments', element: <AppointmentsScreen /> },
          { path: 'book-appointment', element: <BookingScreen /> },
          // Spec 01 §2, §6: the messages area goes with the one-way-messaging flag.
          {
            path: 'messages',
            element: (
              <RequireFlag flag={FEATURE_FLAGS.oneWayMessaging}>
                <MessagesScreen />
              </RequireFlag>
            ),
          },
          {
            path: 'messages/:messageId',
            element: (
              <RequireFlag flag={FEATURE_FLAGS.oneWayMessaging}>
                <MessageDetailScreen />
              </RequireFlag>
            ),
          },
          // Spec 02 §2: treatment records (issue 10).
          { path: 'prescriptions', element: <PrescriptionsScreen /> },
          {
            path: 'rx-details',
            element: (
              <RxDetailsRoute>
                <RxDetailsScreen />
              </RxDetailsRoute>
            ),
          },
          { path: 'labs', element: <LabsScreen /> },
          // Spec 01 §2: only with referral eligibility (the program flag and an active plan).
          {
            path: 'referrals',
            element: (
              <RequireReferralEligibility>
                <ReferralsScreen />
              </RequireReferralEligibility>
            ),
          },
          { path: 'weight', element: <WeightScreen /> },
          // Spec 02 §2: billing, plan changes and treatment change (issue 11).
          { path: 'billing', element: <BillingScreen /> },
          { path: 'billing/change-membership', element: <ChangePlanScreen /> },
          { path: 'billing/change-subscription/:subscriptionId', element: <ChangePlanScreen /> },
          { path: 'treatment-change', element: <TreatmentChangeScreen /> },
          ...PROTECTED_SCREENS.map(protectedRoute),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

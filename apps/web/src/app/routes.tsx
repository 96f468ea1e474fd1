import { FEATURE_FLAGS } from '@portal/domain';
import { Suspense } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import {
  AccessLayout,
  DataLayer,
  RequireFlag,
  AppointmentsScreen,
  BillingScreen,
  BookingScreen,
  BulkDosageGuideScreen,
  BulkOrderScreen,
  BulkPaymentScreen,
  ChangePlanScreen,
  EmailVerificationScreen,
  ForgotPasswordScreen,
  FormScreen,
  IdVerificationScreen,
  IntakeScreen,
  LabsScreen,
  ManageAccountScreen,
  NotificationPreferencesScreen,
  ProfileScreen,
  ShippingScreen,
  BillingAddressScreen,
  WeightScreen,
  MessageDetailScreen,
  MessagesScreen,
  PrescriptionsScreen,
  ReferralsScreen,
  RequireReferralEligibility,
  ResetPasswordScreen,
  RxDetailsScreen,
  ShellLayout,
  SignUpScreen,
  TreatmentChangeScreen,
} from './lazy-screens';
import { lazyComponent } from '../components/lazy-dialog';
import { RequireAuth } from './route-guards';
import { RootLayout } from './root-layout';
import { IndexRoute, RouteErrorBoundary, RxDetailsRoute, SignedOutOnly } from './special-routes';

// /refresh and /user-action: their own chunk (link-routes.tsx), not the sign-in page's.
const loadLinkRoutes = () => import('./link-routes');
const RefreshRoute = lazyComponent(loadLinkRoutes, 'RefreshRoute');
const UserActionRoute = lazyComponent(loadLinkRoutes, 'UserActionRoute');

export const routes: RouteObject[] = [
  // Outside the root layout: "no data is loaded on this page".
  {
    path: 'refresh',
    element: (
      <Suspense fallback={<FullPageLoader />}>
        <RefreshRoute />
      </Suspense>
    ),
  },
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <IndexRoute /> },
      { path: 'invoices', element: <Navigate to="/billing?tab=invoices" replace /> },
      { path: 'user-action', element: <UserActionRoute /> },
      {
        // The signed-out screens past sign-in read data (query cache) and flags (OpenFeature).
        element: (
          <AccessLayout>
            <DataLayer>
              <Outlet />
            </DataLayer>
          </AccessLayout>
        ),
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
            <DataLayer>
              <ShellLayout />
            </DataLayer>
          </RequireAuth>
        ),
        children: [
          { path: 'intake', element: <IntakeScreen /> },
          { path: 'appointments', element: <AppointmentsScreen /> },
          { path: 'book-appointment', element: <BookingScreen /> },
          // Spec 01 §2: the one-way-messaging flag gates only the Messages nav item; the routes
          // open without it (a message link from home or a mail still lands).
          { path: 'messages', element: <MessagesScreen /> },
          { path: 'messages/:messageId', element: <MessageDetailScreen /> },
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
          // Spec 02 §2: forms (issue 15). Route matching is case-insensitive, so the second
          // also serves /henryforms/{id}.
          { path: 'forms/:formId', element: <FormScreen /> },
          { path: 'henryForms/:formId', element: <FormScreen /> },
          { path: 'id-verification', element: <IdVerificationScreen /> },
          // Spec 02 §2: account settings (issue 14).
          { path: 'profile', element: <ProfileScreen /> },
          { path: 'manage-account', element: <ManageAccountScreen /> },
          { path: 'shipping', element: <ShippingScreen /> },
          { path: 'billing-address', element: <BillingAddressScreen /> },
          { path: 'notification-preferences', element: <NotificationPreferencesScreen /> },
          // Spec 02 §2: bulk orders and their payment drawer (issue 12).
          { path: 'bulk-order', element: <BulkOrderScreen /> },
          { path: 'bulk-payment', element: <BulkPaymentScreen /> },
          {
            path: 'bulk-dosage-guide',
            element: (
              <RequireFlag flag={FEATURE_FLAGS.dosingGuideRoute}>
                <BulkDosageGuideScreen />
              </RequireFlag>
            ),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The route table, rendered by the declarative router (main.tsx: BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

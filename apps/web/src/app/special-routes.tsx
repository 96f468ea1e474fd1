import { INTAKE_REDIRECT_DELAY_MS } from '@portal/domain';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams, type Location } from 'react-router';
import { useAlerts } from '../components/alerts/alert-context';
import { FullPageLoader } from '../components/full-page-loader';
import { ErrorScreen } from '../components/error-screen';
import { isChunkLoadError, reloadAfterChunkFailure } from '../lib/chunk-reload';
import { reportUnknownError } from '../lib/errors/report-error';
import { useServices, useSession } from '../lib/services';
import { emitAuthEvent } from '../lib/session/auth-events';
import { STORAGE_KEYS } from '../lib/session/storage-keys';
import { createIdentityApi } from '../lib/api/identity';
import Button from '@mui/material/Button';
import { useTranslation } from '../lib/i18n-react';
import {
  AccessLayout,
  DataLayer,
  EmailVerificationScreen,
  HomeScreen,
  ResetPasswordScreen,
  ShellLayout,
  SignInPage,
} from './lazy-screens';

/** `/`: home for a signed-in customer, the sign-in screen otherwise. */
export function IndexRoute() {
  const { status } = useSession();
  if (status === 'checking') return <FullPageLoader />;
  if (status === 'signed-out') return <SignInPage />;
  return (
    <DataLayer>
      <ShellLayout>
        <HomeScreen />
      </ShellLayout>
    </DataLayer>
  );
}

/**
 * `/refresh` (spec 01 §2): clears local storage, session storage and cookies, signs out, then
 * reloads to /?retryAttempt=1. The session was never restored on this page (see main.tsx).
 */
export function RefreshRoute() {
  useEffect(() => {
    const run = async () => {
      const raw = window.localStorage.getItem(STORAGE_KEYS.session);
      window.localStorage.clear();
      window.sessionStorage.clear();
      for (const cookie of document.cookie.split(';')) {
        const name = cookie.split('=')[0]?.trim();
        if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
      }
      emitAuthEvent(window.localStorage, 'logout');
      try {
        const refreshToken = raw
          ? (JSON.parse(raw) as { refreshToken?: unknown }).refreshToken
          : null;
        if (typeof refreshToken === 'string') await createIdentityApi().signOut(refreshToken);
      } catch {
        // Signing out on the server is best effort; the local session is already gone.
      }
      window.location.replace('/?retryAttempt=1');
    };
    void run();
  }, []);
  return <FullPageLoader />;
}

/** `/user-action?mode=…`: the links in mails and messages land here (spec 01 §2, 02 §2). */
export function UserActionRoute() {
  const [params] = useSearchParams();
  const actionId = params.get('actionId');
  const query = actionId ? `?${new URLSearchParams({ actionId }).toString()}` : '';
  switch (params.get('mode')) {
    case 'resetPassword':
      return (
        <AccessLayout>
          <DataLayer>
            <ResetPasswordScreen />
          </DataLayer>
        </AccessLayout>
      );
    case 'verifyEmail':
      return (
        <AccessLayout>
          <DataLayer>
            <EmailVerificationScreen />
          </DataLayer>
        </AccessLayout>
      );
    case 'idVerification':
      return <Navigate to={`/id-verification${query}`} replace />;
    case 'bulkOrderPayment':
      return <Navigate to={`/bulk-payment${query}`} replace />;
    case null:
    default:
      return <Navigate to="/" replace />;
  }
}

/** Sign-up is for signed-out visitors; a signed-in customer goes home. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'checking') return <FullPageLoader />;
  return status === 'authenticated' ? <Navigate to="/" replace /> : children;
}

/**
 * `/intake` (spec 01 §2): goes to the intake link from the customer's needed requirements; with
 * none, after 5 seconds an info message shows and the customer goes home. The requirements
 * arrive with the appointments issue; until then there is never a link.
 */
export function IntakeRoute() {
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  useEffect(() => {
    const timer = setTimeout(() => {
      showAlert({ messageKey: 'intake.none', severity: 'info' });
      void navigate('/', { replace: true });
    }, INTAKE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, showAlert]);
  return <FullPageLoader />;
}

/** `/rx-details` needs the prescription handed over from the list (spec 02 §2). */
export function RxDetailsRoute({ children }: { children: ReactNode }) {
  const { state } = useLocation() as { state: { prescription?: unknown } | null };
  return state?.prescription ? children : <Navigate to="/prescriptions" replace />;
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}
interface BoundaryState {
  caught: { error: unknown } | null;
  location: Location;
}

/**
 * The routes' last resort (the declarative router has no errorElement): an error thrown while
 * rendering a route shows RouteErrorScreen in place of the whole layout, until the next
 * navigation, as the data router's error boundary did.
 */
class RouteErrorBoundaryInner extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    // A new location clears the error (react-router's RenderErrorBoundary does the same).
    if (props.location !== state.location) return { caught: null, location: props.location };
    return null;
  }

  override render() {
    return this.state.caught ? (
      <RouteErrorScreen error={this.state.caught.error} />
    ) : (
      this.props.children
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <RouteErrorBoundaryInner location={location}>{children}</RouteErrorBoundaryInner>;
}

/** The router's last resort: a failed chunk reloads, anything else shows the error screen. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const chunkFailure = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailure && reloadAfterChunkFailure()) return;
    reportUnknownError(error);
  }, [error, chunkFailure]);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <ErrorScreen
        titleKey="errorScreen.title"
        actions={
          <>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('accountError.refresh')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                void session.signOut().finally(() => window.location.assign('/'));
              }}
            >
              {t('account.logout')}
            </Button>
          </>
        }
      />
    </Suspense>
  );
}

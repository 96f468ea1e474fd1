import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { ErrorScreen } from '../components/error-screen';
import { isChunkLoadError, reloadAfterChunkFailure } from '../lib/chunk-reload';
import { reportUnknownError } from '../lib/errors/report-error';
import { useServices, useSession } from '../lib/services';
import Button from '@mui/material/Button';
import { useTranslation } from '../lib/i18n-react';
import { DataLayer, HomeScreen, ShellLayout, SignInPage } from './lazy-screens';

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

/** Sign-up is for signed-out visitors; a signed-in customer goes home. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'checking') return <FullPageLoader />;
  return status === 'authenticated' ? <Navigate to="/" replace /> : children;
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

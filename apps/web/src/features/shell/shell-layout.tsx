import { lookupError } from '@portal/domain';
import Box from '@mui/material/Box';
import { Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { BannerSlot, BannerSlotProvider } from '../../components/layout/banner-slot';
import { Footer } from '../../components/layout/footer';
import { PageContainer } from '../../components/layout/page-container';
import { SkipLink } from '../../components/layout/skip-link';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { type Customer } from '../../lib/customer/customer';
import { reportUnknownError } from '../../lib/errors/report-error';
import { loadTextFonts } from '../../lib/fonts';
import { initialsOf } from '../../lib/format';
import { useLogout } from '../../lib/session/use-logout';
import { warmDateFormats } from '../../lib/warm-date-formats';
import { AccountErrorScreen, EmptyAccountScreen } from './account-error-screen';
import { InactivityGuard } from './inactivity-dialog';
import { LayoutBanners, useLayoutBannerQueries } from './layout-banners';
import { ShellSkeleton } from './shell-skeleton';
import { TopBar } from './top-bar';

/** The name the avatar shows initials of: the preferred or first name, and the last name. */
function avatarName(customer: Customer | null | undefined): string {
  return `${customer?.preferred_name || customer?.first_name || ''} ${customer?.last_name ?? ''}`;
}

function accountErrorCode(error: unknown): string {
  return error instanceof GraphqlRequestError && error.code && lookupError(error.code)
    ? error.code
    : 'A101';
}

/** The signed-in frame: top bar, banner slot, content, footer, and the inactivity guard. */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const logout = useLogout();
  const { showAlert } = useAlerts();
  const expire = useCallback(() => {
    logout();
    showAlert({ messageKey: 'inactivity.loggedOut', severity: 'info' });
  }, [logout, showAlert]);
  const customerQuery = useCustomerQuery();
  const { error } = customerQuery;
  // The banners' queries start with the customer's, not after it, and the page waits for all
  // three: a banner arriving after the page drew pushed it down (Lighthouse's layout shift).
  const banners = useLayoutBannerQueries();

  useEffect(() => {
    if (error) reportUnknownError(error, accountErrorCode(error));
  }, [error]);
  // While the page's data loads, so its text is laid out in Inter once (lib/fonts.ts).
  useEffect(() => loadTextFonts(), []);
  // And the browser's date data, for the times the page shows (lib/warm-date-formats.ts).
  useEffect(() => warmDateFormats(), []);

  let content: ReactNode;
  const loading = customerQuery.isPending || banners.pending;
  if (loading) content = <ShellSkeleton />;
  else if (customerQuery.isError) {
    content = (
      <AccountErrorScreen
        code={accountErrorCode(error)}
        onRefresh={() => void customerQuery.refetch()}
        onLogout={logout}
      />
    );
  } else if (customerQuery.data === null) content = <EmptyAccountScreen onLogout={logout} />;
  else content = children ?? <Outlet />;

  return (
    <BannerSlotProvider>
      <SkipLink />
      <TopBar initials={initialsOf(avatarName(customerQuery.data))} onLogout={logout} />
      {/* Spec 01 §2: the regulation and plan-expiration banners, above every page. */}
      {customerQuery.data && !banners.pending && <LayoutBanners queries={banners} />}
      <BannerSlot />
      {/* The loading frame is replaced, not moved: the banners arrive above the page with it,
          and a skeleton pushed down by them counted as a layout shift on every route. */}
      <Box
        key={loading ? 'loading' : 'page'}
        component="main"
        id="main"
        tabIndex={-1}
        // At least a screen tall, so the footer starts below the fold and a page growing as its
        // data arrives never moves it into view (a layout shift on every route).
        sx={{ flex: 1, minHeight: '100svh', py: { xs: 3, sm: 4 }, outline: 'none' }}
      >
        <PageContainer>
          <Suspense fallback={<ShellSkeleton />}>{content}</Suspense>
        </PageContainer>
      </Box>
      <Footer />
      <InactivityGuard onExpire={expire} onLogout={logout} />
    </BannerSlotProvider>
  );
}

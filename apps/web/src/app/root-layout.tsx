import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AlertProvider } from '../components/alerts/alert-context';
import { FullPageLoader } from '../components/full-page-loader';
import { useHeadingFocusOnRouteChange } from '../components/layout/route-focus';
import { UpdateBanner } from '../components/layout/update-banner';
import { loadChatWidget, isChatHiddenOn, setChatWidgetHidden } from '../lib/chat-widget';
import { useAppConfig } from '../lib/use-app-config';
import { captureFlagOverrides } from '../lib/flags/overrides';
import { ANONYMOUS_TARGETING_KEY } from '../lib/flags/flag-store';
import { useApplyLanguage } from '../lib/i18n-app';
import { useServices, useSession } from '../lib/services';
import { onAuthEvent } from '../lib/session/auth-events';

/** Cross-cutting behaviour of every routed page (spec 01 §1, §4). */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const { flags } = useServices();
  const { status, userId } = useSession();
  const { chatWidgetUrl } = useAppConfig();
  useApplyLanguage();

  // ff_<name>=true|false in any URL forces a flag for the rest of the session. Captured while
  // rendering (an idempotent storage write), so the routes below already see the new value.
  const capturedSearch = useRef<string | null>(null);
  if (capturedSearch.current !== search) {
    capturedSearch.current = search;
    if (captureFlagOverrides(search, window.sessionStorage)) {
      queueMicrotask(() => flags.notifyOverridesChanged());
    }
  }

  // Flags are per customer: a new sign-in reloads them.
  useEffect(() => {
    if (status === 'checking') return;
    void flags.setContext(status === 'authenticated' && userId ? userId : ANONYMOUS_TARGETING_KEY);
  }, [flags, status, userId]);

  // A login or logout in another tab reloads this one (spec 01 §4).
  useEffect(() => onAuthEvent(window, () => window.location.reload()), []);

  useEffect(() => {
    if (chatWidgetUrl) loadChatWidget(chatWidgetUrl);
  }, [chatWidgetUrl]);
  useEffect(() => {
    setChatWidgetHidden(isChatHiddenOn(pathname));
  }, [pathname]);

  // Newer Chromium returns a promise from scrollTo: never hand it to React as a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // After a route change, focus moves to the new page's heading.
  useHeadingFocusOnRouteChange();

  return (
    <AlertProvider>
      <UpdateBanner />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </AlertProvider>
  );
}

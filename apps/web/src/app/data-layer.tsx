import {
  OpenFeature,
  OpenFeatureProvider,
  ProviderStatus,
  useBooleanFlagValue,
  useOpenFeatureClientStatus,
} from '@openfeature/react-sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { ANONYMOUS_TARGETING_KEY, type FlagStore } from '../lib/flags/flag-store';
import { PortalFlagProvider } from '../lib/flags/portal-flag-provider';
import { createQueryClient } from '../lib/query-client';
import { useServices, useSession } from '../lib/services';

// Issue 16: the query cache and OpenFeature, for every screen past sign-in (the shell, and the
// signed-out screens that read data: sign-up, reset, verification). Its own chunk, so the
// sign-in page loads neither library; the sign-in screen fetches it while the customer types.

const providers = new WeakSet<FlagStore>();

/** The flag store's OpenFeature provider, set once per store, for the session's customer. */
function useFlagProvider(flags: FlagStore, targetingKey: string): void {
  if (!providers.has(flags)) {
    providers.add(flags);
    void OpenFeature.setProviderAndWait(new PortalFlagProvider(flags), { targetingKey });
  }
  // Flags are per customer: a new sign-in reloads them, and flag screens wait (reconciling)
  // for the customer's. Not when they are already in: every setContext puts the provider
  // through reconciling, which a remounted layer must not cause.
  useEffect(() => {
    const current = OpenFeature.getContext().targetingKey === targetingKey;
    if (current && flags.hasFlagsFor(targetingKey)) return;
    void OpenFeature.setContext({ targetingKey });
  }, [flags, targetingKey]);
}

/** QueryClientProvider and OpenFeatureProvider around `children`. */
export function DataLayer({ children }: { children: ReactNode }) {
  const services = useServices();
  const { status, userId } = useSession();
  const client = services.ensureQueryClient(createQueryClient);
  useFlagProvider(
    services.flags,
    status === 'authenticated' && userId ? userId : ANONYMOUS_TARGETING_KEY,
  );
  return (
    <QueryClientProvider client={client}>
      <OpenFeatureProvider>{children}</OpenFeatureProvider>
    </QueryClientProvider>
  );
}

/** A route that exists only with a flag (spec 02 §2: bulk-dosage-guide, referrals). */
export function RequireFlag({ flag, children }: { flag: string; children: ReactNode }) {
  const status = useOpenFeatureClientStatus();
  const enabled = useBooleanFlagValue(flag, false);
  if (status === ProviderStatus.NOT_READY || status === ProviderStatus.RECONCILING) {
    return <FullPageLoader />;
  }
  return enabled ? children : <Navigate to="/" replace />;
}

import { useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '../../lib/api/http';
import { useServices } from '../../lib/services';
import type { SessionManager } from '../../lib/session/session-manager';

// The account page's trusted-device calls (issue 42); each acts for the session's ID token.

export interface TrustedDevice {
  id: string;
  /** "Chrome on Windows". */
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  /** The browser this list is shown in. */
  current: boolean;
}

export const TRUSTED_DEVICES_KEY = ['identity', 'trusted-devices'] as const;

export function trustedDevicesApi(session: SessionManager) {
  return {
    list: () =>
      session.withIdToken((token) =>
        getJson<{ devices: TrustedDevice[] }>('/identity/trusted-devices', { token }),
      ),
    remove: (id: string) =>
      session.withIdToken((token) =>
        postJson<{ ok: boolean }>(`/identity/trusted-devices/${id}/remove`, {}, { token }),
      ),
    removeAll: () =>
      session.withIdToken((token) =>
        postJson<{ removed: number }>('/identity/trusted-devices/remove-all', {}, { token }),
      ),
  };
}

export function useTrustedDevices() {
  const { session } = useServices();
  return useQuery({
    queryKey: TRUSTED_DEVICES_KEY,
    queryFn: () => trustedDevicesApi(session).list(),
  });
}

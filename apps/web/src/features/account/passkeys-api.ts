import { useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '../../lib/api/http';
import { useServices } from '../../lib/services';
import type { SessionManager } from '../../lib/session/session-manager';

// The account page's passkey calls (issue 42); each acts for the session's ID token.

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

export const PASSKEYS_KEY = ['identity', 'passkeys'] as const;

/** The browser's WebAuthn helpers, loaded when a passkey is added. */
const loadWebAuthn = () => import('@simplewebauthn/browser');

export function passkeysApi(session: SessionManager) {
  return {
    list: () =>
      session.withIdToken((token) =>
        getJson<{ passkeys: Passkey[] }>('/identity/passkeys', { token }),
      ),
    /** The server's challenge, the browser's ceremony (the passkey is made), then its record. */
    add: async (name: string) => {
      const options = await session.withIdToken((token) =>
        postJson<Record<string, unknown>>('/identity/passkeys/register/options', {}, { token }),
      );
      const { startRegistration } = await loadWebAuthn();
      const response = await startRegistration({ optionsJSON: options as never });
      return session.withIdToken((token) =>
        postJson<Passkey>('/identity/passkeys/register', { name, response }, { token }),
      );
    },
    rename: (id: string, name: string) =>
      session.withIdToken((token) =>
        postJson<{ ok: boolean }>(`/identity/passkeys/${id}/rename`, { name }, { token }),
      ),
    /** With the password again (the server refuses a wrong one, removing nothing). */
    remove: (id: string, password: string) =>
      session.withIdToken((token) =>
        postJson<{ ok: boolean }>(`/identity/passkeys/${id}/remove`, { password }, { token }),
      ),
  };
}

export function usePasskeys() {
  const { session } = useServices();
  return useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => passkeysApi(session).list() });
}

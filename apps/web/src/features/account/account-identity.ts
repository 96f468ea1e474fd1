import type { DeleteAccountInput } from '@portal/domain';
import { getJson, postJson } from '../../lib/api/http';
import type { IdentityTokens } from '../../lib/api/identity';
import type { SessionManager } from '../../lib/session/session-manager';

// The account page's identity calls (spec 01 §7, spec 02 §4 and §7); each acts for the
// session's ID token. Errors are ApiErrors with the server's code.

interface Envelope<T> {
  data: T;
  message: string;
  name: string;
  statusCode: number;
}

export function accountIdentity(session: SessionManager) {
  return {
    /** Re-authenticate: the password again; the session goes on with the fresh pair. */
    reauthenticate: async (password: string) => {
      const tokens = await session.withIdToken((token) =>
        postJson<IdentityTokens>('/identity/reauthenticate', { password }, { token }),
      );
      session.adoptTokens(tokens);
    },
    emailAvailability: (email: string) =>
      session.withIdToken((token) =>
        postJson<Envelope<{ isAvailable: boolean; isOobCodeSent: boolean }>>(
          '/identity/email/availability',
          { email, sendOobCodeIfAvailable: true },
          { token },
        ),
      ),
    updateEmail: (body: { customerId: string; newEmail: string; oobCode: string }) =>
      session.withIdToken((token) =>
        postJson<Envelope<{ email: string }>>('/identity/email/update', body, { token }),
      ),
    changePassword: (currentPassword: string, newPassword: string) =>
      session.withIdToken((token) =>
        postJson<{ ok: boolean }>(
          '/identity/password/change',
          { currentPassword, newPassword },
          { token },
        ),
      ),
    /** Which sign-in methods are linked to this login (unlink shows only when Google is). */
    linkedAccounts: () =>
      session.withIdToken((token) =>
        getJson<{ google: boolean }>('/identity/account/links', { token }),
      ),
    unlinkGoogle: () =>
      session.withIdToken((token) =>
        postJson<{ ok: boolean }>('/identity/google/unlink', {}, { token }),
      ),
    deleteAccount: (body: Omit<DeleteAccountInput, 'formId'> & { formId?: string }) =>
      session.withIdToken((token) =>
        postJson<Envelope<{ deleted: boolean }>>('/identity/account/delete', body, { token }),
      ),
  };
}

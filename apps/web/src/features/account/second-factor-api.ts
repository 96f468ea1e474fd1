import { useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '../../lib/api/http';
import { useServices } from '../../lib/services';
import type { SessionManager } from '../../lib/session/session-manager';

// The account page's strong sign-in calls (issue 42); each acts for the session's ID token.

export interface SecondFactorStatus {
  totp: { enrolledAt: string } | null;
  recoveryCodesLeft: number;
}

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export const SECOND_FACTOR_KEY = ['identity', 'second-factor'] as const;

export function secondFactorApi(session: SessionManager) {
  return {
    status: () =>
      session.withIdToken((token) =>
        getJson<SecondFactorStatus>('/identity/second-factor', { token }),
      ),
    startTotp: () =>
      session.withIdToken((token) =>
        postJson<TotpEnrolment>('/identity/second-factor/totp/start', {}, { token }),
      ),
    confirmTotp: (code: string) =>
      session.withIdToken((token) =>
        postJson<{ recoveryCodes: string[] }>(
          '/identity/second-factor/totp/confirm',
          { code },
          { token },
        ),
      ),
    removeTotp: (password: string) =>
      session.withIdToken((token) =>
        postJson<{ ok: boolean }>('/identity/second-factor/totp/remove', { password }, { token }),
      ),
    newRecoveryCodes: (password: string) =>
      session.withIdToken((token) =>
        postJson<{ recoveryCodes: string[] }>(
          '/identity/second-factor/recovery-codes',
          { password },
          { token },
        ),
      ),
  };
}

/** The session's authenticator app and recovery codes left (GET /identity/second-factor). */
export function useSecondFactorStatus() {
  const { session } = useServices();
  return useQuery({
    queryKey: SECOND_FACTOR_KEY,
    queryFn: () => secondFactorApi(session).status(),
  });
}

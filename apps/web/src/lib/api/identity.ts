import { TOKEN_EXCHANGE, TOKEN_TYPES, type SecondFactorRequired } from '@portal/domain';
import { postForm, postJson, type FetchLike } from './http';

// The server's identity and account routes. Each function is one call; errors are ApiErrors
// carrying the server's code (invalid-credentials, email-not-verified, code-expired …).

export interface IdentityTokens {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export function createIdentityApi(fetchImpl?: FetchLike) {
  const opts = fetchImpl ? { fetch: fetchImpl } : {};
  return {
    /** Tokens, or a challenge when the account has a second factor (issue 42). */
    signIn: (email: string, password: string) =>
      postJson<IdentityTokens | SecondFactorRequired>(
        '/identity/sign-in',
        { email, password },
        opts,
      ),
    completeSecondFactor: (
      body: { challenge: string; trustDevice?: boolean } & (
        { code: string } | { recoveryCode: string }
      ),
    ) =>
      postJson<IdentityTokens & { recoveryCodesLeft?: number }>(
        '/identity/sign-in/second-factor',
        body,
        opts,
      ),
    /** Passkey sign-in (issue 42): a challenge, then the passkey's signed answer to it. */
    passkeyOptions: () =>
      postJson<Record<string, unknown>>('/identity/passkeys/sign-in/options', {}, opts),
    passkeySignIn: (response: unknown) =>
      postJson<IdentityTokens>('/identity/passkeys/sign-in', { response }, opts),
    refresh: (refreshToken: string) =>
      postJson<IdentityTokens>('/identity/refresh', { refreshToken }, opts),
    signOut: (refreshToken: string) =>
      postJson<undefined>('/identity/sign-out', { refreshToken }, opts),
    completeGoogle: (code: string) =>
      postJson<IdentityTokens | SecondFactorRequired>('/identity/google/complete', { code }, opts),
    exchangeToken: (idToken: string) =>
      postForm<AccessTokenResponse>(
        '/connect/token',
        {
          grant_type: TOKEN_EXCHANGE.grantType,
          client_id: TOKEN_EXCHANGE.clientId,
          scope: TOKEN_EXCHANGE.scope,
          subject_token: idToken,
          subject_token_type: TOKEN_TYPES.idToken,
        },
        opts,
      ),
  };
}

export type IdentityApi = ReturnType<typeof createIdentityApi>;

// Account creation and recovery: used by the access screens only.
export const accountApi = {
  createUser: (body: { email: string; tenantId: string; firstName?: string; lastName?: string }) =>
    postJson<{ ok: true }>('/user/create', body),
  requestPasswordReset: (body: { email: string; tenantId: string }) =>
    postJson<{ ok: true }>('/user/reset-password', body),
  deleteResetLinks: (body: { email: string; tenantId: string }) =>
    postJson<{ ok: true }>('/user/delete-reset-password-links', body),
  verifyResetCode: (code: string) =>
    postJson<{ email: string }>('/identity/password-reset/verify', { code }),
  confirmPasswordReset: (code: string, password: string) =>
    postJson<{ email: string }>('/identity/password-reset/confirm', { code, password }),
  sendEmailVerification: (email: string) =>
    postJson<{ ok?: boolean }>('/identity/email-verification/send', { email }),
  confirmEmailVerification: (code: string) =>
    postJson<{ email: string }>('/identity/email-verification/confirm', { code }),
};

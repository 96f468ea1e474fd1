import { expect, type APIRequestContext } from '@playwright/test';

// The data API and identity routes as a test's own customer reaches them: an answer that must
// be ok, a signed-in customer's access token, and a GraphQL request with it.

/** The answer's JSON body, once its status says it succeeded. */
export async function json<T>(response: {
  ok(): boolean;
  status(): number;
  url(): string;
  json(): Promise<unknown>;
}): Promise<T> {
  const body = await response.json();
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return body as T;
}

/** Signs a customer in through the identity routes and exchanges the ID token, as the app does. */
export async function customerAccessToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const { idToken } = await json<{ idToken: string }>(
    await request.post('/identity/sign-in', { data: { email, password } }),
  );
  const { access_token } = await json<{ access_token: string }>(
    await request.post('/connect/token', {
      form: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: 'customer-portal',
        scope: 'graphql',
        subject_token: idToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      },
    }),
  );
  return access_token;
}

export async function graphql<T>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const body = await json<{ data?: T; errors?: unknown[] }>(
    await request.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: { query, variables },
    }),
  );
  expect(body.errors, query).toBeUndefined();
  return body.data as T;
}

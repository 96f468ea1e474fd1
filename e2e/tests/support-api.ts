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

/** A staff API PUT (an admin's token) that must succeed; its JSON answer. */
async function staffPut<T>(
  request: APIRequestContext,
  staffToken: string,
  path: string,
  data: unknown,
): Promise<T> {
  return json<T>(
    await request.put(path, { headers: { authorization: `Bearer ${staffToken}` }, data }),
  );
}

/**
 * An admin sets the customer's whole set of tags ([] clears them): PUT
 * /staff/customers/:id/tags (issue 44). The personify tag marks a corporate-health customer.
 */
export async function setCustomerTags(
  request: APIRequestContext,
  staffToken: string,
  customerId: string,
  tags: string[],
): Promise<string[]> {
  return (
    await staffPut<{ tags: string[] }>(request, staffToken, `/staff/customers/${customerId}/tags`, {
      tags,
    })
  ).tags;
}

/** An admin turns a feature flag on or off for one customer (PUT /staff/flags/:name). */
export async function setCustomerFlag(
  request: APIRequestContext,
  staffToken: string,
  customerId: string,
  flag: string,
  enabled: boolean,
): Promise<void> {
  await staffPut(request, staffToken, `/staff/flags/${flag}`, { customerId, enabled });
}

/**
 * The customer invites a friend to the referral program (CreateReferral, spec 02 §4), as the
 * referrals screen does; the friend is mailed a sign-up link.
 */
export async function createReferral(
  request: APIRequestContext,
  token: string,
  refereeEmail: string,
): Promise<void> {
  await graphql(
    request,
    token,
    'mutation ($email: String!) { createReferral(refereeEmail: $email) { statusCode } }',
    { email: refereeEmail },
  );
}

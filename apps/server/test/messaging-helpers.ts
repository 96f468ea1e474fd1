import { randomBytes } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Db } from '../src/db/client';
import { providers } from '../src/db/schema/catalog';
import { staffMembers, users } from '../src/db/schema/identity';
import { hashPassword } from '../src/identity/secrets';
import { TEST_PASSWORD } from './factories';
import { TOKEN_EXCHANGE } from '@portal/domain';
import type { JsonResponse } from './harness';
import { staffSignIn, type StaffSignInTarget } from './staff-sign-in';

// Helpers of the notification, message and staff API tests: staff accounts and tokens,
// providers, and a graphql-ws client that collects what a subscription delivers.

/** A staff identity user (role staff), verified; password TEST_PASSWORD unless given. */
export async function createStaffUser(
  db: Db,
  overrides: {
    email?: string;
    password?: string;
    disabled?: boolean;
    /** The staff role (staff_members); none means no row, which counts as care. */
    role?: 'care' | 'admin';
    /** The name the console shows (staff_members); none: the email stands in. */
    name?: { first: string; last: string };
  } = {},
) {
  const email = overrides.email ?? `staff-${randomBytes(4).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      tenantId: 'portal',
      email,
      passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
      emailVerifiedAt: new Date('2025-01-01T00:00:00Z'),
      role: 'staff',
      disabledAt: overrides.disabled ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('staff user not created');
  if (overrides.role || overrides.name)
    await db.insert(staffMembers).values({
      userId: user.id,
      role: overrides.role ?? 'care',
      firstName: overrides.name?.first ?? null,
      lastName: overrides.name?.last ?? null,
    });
  return user;
}

export async function createProvider(
  db: Db,
  overrides: { displayName?: string; userId?: string | null; profileImage?: string | null } = {},
) {
  const [provider] = await db
    .insert(providers)
    .values({
      displayName: overrides.displayName ?? 'Dr. Test Provider',
      userId: overrides.userId ?? null,
      profileImage: overrides.profileImage ?? null,
      title: 'MD',
    })
    .returning();
  if (!provider) throw new Error('provider not created');
  return provider;
}

/** Anything the helpers call over HTTP: a test server, or an instance a test built itself. */
export interface Reachable {
  url: string;
}

async function send<T>(
  target: Reachable,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<JsonResponse<T>> {
  // A GET carries no body (fetch refuses one).
  const response = await fetch(`${target.url}${route}`, {
    method,
    headers: method === 'GET' ? headers : { 'content-type': 'application/json', ...headers },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
  };
}

/** A staff access token: password and second factor (test/staff-sign-in.ts). */
export async function staffTokenFor(
  target: StaffSignInTarget,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  return (await staffSignIn(target, email, password)).accessToken;
}

/** A customer's GraphQL access token: identity sign-in, then the token exchange. */
export async function customerTokenFor(
  target: Reachable,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const signIn = await send<{ idToken: string }>(
    target,
    'POST',
    '/identity/sign-in',
    { email, password },
    {},
  );
  const response = await fetch(`${target.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE.grantType,
      client_id: TOKEN_EXCHANGE.clientId,
      scope: TOKEN_EXCHANGE.scope,
      subject_token: signIn.body.idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    }),
  });
  return ((await response.json()) as { access_token?: string }).access_token ?? '';
}

/** Calls a staff route with a bearer token (or none). */
export function staffCall<T = Record<string, unknown>>(
  target: Reachable,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  token: string | undefined,
  body: unknown,
): Promise<JsonResponse<T>> {
  return send<T>(target, method, route, body, token ? { authorization: `Bearer ${token}` } : {});
}

export function connect(url: string, token: string | undefined, clients: Client[]): Client {
  const client = createClient({
    url: `${url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
  clients.push(client);
  return client;
}

/** Subscribes and collects every result's data and every error. */
export function follow<T>(client: Client, query: string) {
  const received: T[] = [];
  const errors: unknown[] = [];
  const unsubscribe = client.subscribe<T>(
    { query },
    {
      next: (value) => {
        if (value.data) received.push(value.data);
        if (value.errors) errors.push(...value.errors);
      },
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  return { received, errors, unsubscribe };
}

export async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

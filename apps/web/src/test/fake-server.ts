import { vi } from 'vitest';
import persistedDocuments from '../gql/persisted-documents.json';

// A small in-memory stand-in for the server's HTTP contract, for component tests.

export interface FakeCustomer {
  id: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  email: string;
}

export interface FakeServerOptions {
  password?: string;
  email?: string;
  customer?: FakeCustomer | null;
  flags?: Record<string, boolean>;
  version?: string;
  /** The first N GraphQL calls answer jwtExpired, to exercise the refresh path. */
  expireFirstGraphqlCalls?: number;
  unverified?: boolean;
  /** How many unread provider messages the customer has (one read one is always there). */
  unreadMessages?: number;
  /** GetCustomerData answers this error code instead of data. */
  customerError?: string;
  /** Replaces fields of /config.json (googleSignIn, supportUrl, chatWidgetUrl, flags …). */
  appConfig?: Record<string, unknown>;
}

export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none' })}.${encode(claims)}.sig`;
}

export const ALEX: FakeCustomer = {
  id: 'c1',
  first_name: 'Alejandro',
  last_name: 'Rivera',
  preferred_name: 'Alex',
  email: 'alex@example.com',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function createFakeServer(options: FakeServerOptions = {}) {
  const email = options.email ?? ALEX.email;
  const password = options.password ?? 'DemoPass1';
  const customer = options.customer === undefined ? ALEX : options.customer;
  let expiring = options.expireFirstGraphqlCalls ?? 0;
  let tokenCounter = 0;
  const calls: { path: string; body: unknown }[] = [];
  const count = (path: string) => calls.filter((call) => call.path === path).length;

  const tokens = () => {
    tokenCounter += 1;
    return {
      idToken: fakeJwt({ sub: 'u1', email, n: tokenCounter }),
      refreshToken: `refresh-${tokenCounter}`,
      expiresIn: 3600,
    };
  };

  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const raw = typeof init?.body === 'string' ? init.body : '';
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = Object.fromEntries(new URLSearchParams(raw));
    }
    // A query without variables comes as a GET of its persisted id (graphql-client.ts).
    const documentId = url.pathname === '/graphql' ? url.searchParams.get('documentId') : null;
    if (documentId !== null) {
      body = {
        operationName: url.searchParams.get('operationName'),
        query: (persistedDocuments as Record<string, string>)[documentId] ?? '',
      };
    }
    calls.push({ path: url.pathname, body });
    await Promise.resolve();
    switch (url.pathname) {
      case '/config.json':
        return json({
          tenantId: 'portal',
          googleSignIn: false,
          version: '1.18.13',
          chatWidgetUrl: null,
          supportUrl: 'https://help.example.com/requests/new',
          flags: {},
          ...options.appConfig,
        });
      case '/version.json':
        return json({ version: options.version ?? '1.18.13' });
      case '/client-errors':
        return new Response(null, { status: 204 });
      case '/identity/sign-in': {
        const b = body as { email?: string; password?: string };
        if (options.unverified) {
          return json(
            { error: { code: 'email-not-verified', message: 'Your email needs to be verified.' } },
            403,
          );
        }
        if (b.email !== email || b.password !== password) {
          return json(
            {
              error: { code: 'invalid-credentials', message: 'Incorrect username or password' },
            },
            401,
          );
        }
        return json(tokens());
      }
      case '/identity/refresh':
        return json(tokens());
      case '/identity/sign-out':
        return new Response(null, { status: 204 });
      case '/connect/token':
        return json({
          access_token: `access-${count('/connect/token')}`,
          token_type: 'Bearer',
          expires_in: 900,
        });
      case '/graphql': {
        if (expiring > 0) {
          expiring -= 1;
          return json({
            data: null,
            errors: [{ message: 'expired', extensions: { code: 'jwtExpired' } }],
          });
        }
        const query = (body as { query: string }).query;
        if (query.includes('featureFlags')) {
          return json({
            data: {
              featureFlags: Object.entries(options.flags ?? {}).map(([name, enabled]) => ({
                name,
                enabled,
              })),
            },
          });
        }
        if (query.includes('providerMessages')) {
          const unread = Array.from({ length: options.unreadMessages ?? 0 }, (_, i) => ({
            id: `m${i}`,
            read: false,
          }));
          return json({ data: { providerMessages: [...unread, { id: 'old', read: true }] } });
        }
        if (query.includes('customer') && options.customerError) {
          return json({
            data: null,
            errors: [{ message: 'failed', extensions: { code: options.customerError } }],
          });
        }
        if (query.includes('customer')) {
          return json({
            data: {
              customer: customer && {
                ...customer,
                short_id: 'S1',
                full_name: `${customer.first_name} ${customer.last_name}`,
                phone: null,
                dob: '1990-01-01',
                sex: null,
                gender: null,
                created_at: '2025-01-01T00:00:00Z',
                time_zone: 'America/Los_Angeles',
                shippingAddresses: [],
                tags: [],
                contracts: [],
                subscriptions: [],
              },
            },
          });
        }
        return json({ data: null, errors: [{ message: 'unknown operation' }] });
      }
      default:
        return json({ error: { code: 'not-found', message: 'Not found' } }, 404);
    }
  });

  return { handler, calls, count };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

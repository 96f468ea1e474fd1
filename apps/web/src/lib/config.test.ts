import { describe, expect, it, vi } from 'vitest';
import { fetchAppConfig } from './config';

function answer(body: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchAppConfig: payments (issue 39)', () => {
  it('reads Stripe and its publishable key', async () => {
    answer({ payments: { provider: 'stripe', publishableKey: 'pk_test_123' } });
    expect((await fetchAppConfig()).payments).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_123',
    });
  });

  it('reads the sandbox, and never keeps a key for it', async () => {
    answer({ payments: { provider: 'sandbox', publishableKey: 'pk_test_123' } });
    expect((await fetchAppConfig()).payments).toEqual({
      provider: 'sandbox',
      publishableKey: null,
    });
  });

  it('falls back to the sandbox when the server says nothing or something unknown', async () => {
    answer({ tenantId: 'portal' });
    expect((await fetchAppConfig()).payments).toEqual({
      provider: 'sandbox',
      publishableKey: null,
    });
    answer({ payments: { provider: 'paypal' } });
    expect((await fetchAppConfig()).payments).toEqual({
      provider: 'sandbox',
      publishableKey: null,
    });
  });

  it('keeps Stripe without a key (its form then says it cannot load; no card goes to us)', async () => {
    answer({ payments: { provider: 'stripe', publishableKey: '' } });
    expect((await fetchAppConfig()).payments).toEqual({
      provider: 'stripe',
      publishableKey: null,
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { AppConfigStore, type AppConfig } from '../config';
import { ANONYMOUS_TARGETING_KEY, FlagStore } from './flag-store';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('FlagStore (issue 16: flags without the OpenFeature SDK)', () => {
  it("a visitor gets the table's defaults, a customer their own; overrides win; unknown flags take the default", async () => {
    const overrides: Record<string, boolean> = {};
    const store = new FlagStore(
      {
        customer: () => Promise.resolve({ spanish: true, referrals: false }),
        visitor: () => Promise.resolve({ spanish: false }),
      },
      () => overrides,
    );
    await store.setContext(ANONYMOUS_TARGETING_KEY);
    expect(store.getBoolean('spanish', true)).toBe(false);
    expect(store.getBoolean('unknown', true)).toBe(true);
    await store.setContext('u1');
    expect(store.getBoolean('spanish', false)).toBe(true);
    expect(store.hasFlagsFor('u1')).toBe(true);

    const listener = vi.fn();
    store.subscribe(listener);
    overrides.referrals = true;
    store.notifyOverridesChanged();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.resolve('referrals')).toEqual({ value: true, source: 'override' });
  });

  it('shares one load per customer, and an answer for a customer no longer current is dropped', async () => {
    const first = deferred<Record<string, boolean>>();
    const customer = vi
      .fn<() => Promise<Record<string, boolean>>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValue({ spanish: true });
    const store = new FlagStore(
      { customer, visitor: () => Promise.resolve({ spanish: false }) },
      () => ({}),
    );
    const a = store.setContext('u1');
    expect(store.setContext('u1')).toBe(a);
    expect(customer).toHaveBeenCalledTimes(1);
    const b = store.setContext(ANONYMOUS_TARGETING_KEY);
    first.resolve({ spanish: true });
    await Promise.all([a, b]);
    expect(store.getBoolean('spanish', true)).toBe(false);
    expect(store.hasFlagsFor('u1')).toBe(false);
  });

  it("falls back to the table's defaults when the customer's flags fail, then to nothing", async () => {
    const store = new FlagStore(
      {
        customer: () => Promise.reject(new Error('down')),
        visitor: () => Promise.resolve({ spanish: true }),
      },
      () => ({}),
    );
    await store.setContext('u1');
    expect(store.getBoolean('spanish', false)).toBe(true);
    const none = new FlagStore(
      {
        customer: () => Promise.reject(new Error('down')),
        visitor: () => Promise.reject(new Error('down')),
      },
      () => ({}),
    );
    await none.setContext('u1');
    expect(none.getBoolean('spanish', false)).toBe(false);
  });
});

describe('AppConfigStore (/config.json once per page, without the query library)', () => {
  const config: AppConfig = {
    tenantId: 'portal',
    googleSignIn: true,
    version: null,
    chatWidgetUrl: null,
    supportUrl: null,
    flags: {},
    payments: { provider: 'sandbox', publishableKey: null },
  };

  it('fetches once for every reader, and retries a failure before giving up', async () => {
    const fetchConfig = vi
      .fn<() => Promise<AppConfig>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue(config);
    const store = new AppConfigStore(fetchConfig, [0, 0]);
    const [a, b] = await Promise.all([store.load(), store.load()]);
    expect(a).toBe(config);
    expect(b).toBe(config);
    expect(store.getSnapshot()).toBe(config);
    expect(fetchConfig).toHaveBeenCalledTimes(2);
  });

  it('forgets a load that failed every try: the next reader asks again', async () => {
    const fetchConfig = vi
      .fn<() => Promise<AppConfig>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue(config);
    const store = new AppConfigStore(fetchConfig, []);
    await expect(store.load()).rejects.toThrow('503');
    await expect(store.load()).resolves.toBe(config);
  });
});

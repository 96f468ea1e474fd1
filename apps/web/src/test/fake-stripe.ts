import type { StripeConstructor } from '@stripe/stripe-js';
import { vi } from 'vitest';
import { forgetStripeInstances } from '../lib/billing/stripe';

// Test-only: Stripe.js faked at its edge, the `window.Stripe` constructor its script defines
// (STYLE.md: no module mocks). The real @stripe/stripe-js loader finds it instead of loading
// js.stripe.com, and the real @stripe/react-stripe-js mounts a fake Payment Element: a group
// named "Stripe payment element" that reports ready, as Stripe's frame does once it is drawn.

type Listener = (event?: unknown) => void;

export function createFakeStripe() {
  const listeners = new Map<string, Set<Listener>>();
  let mounted = false;
  const later = (cb: Listener, event?: unknown) => setTimeout(() => cb(event), 0);
  const paymentElement = {
    mount: vi.fn((node: HTMLElement) => {
      node.setAttribute('role', 'group');
      node.setAttribute('aria-label', 'Stripe payment element');
      mounted = true;
      for (const cb of listeners.get('ready') ?? []) later(cb, { elementType: 'payment' });
    }),
    on: vi.fn((event: string, cb: Listener) => {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(cb);
      listeners.set(event, set);
      if (event === 'ready' && mounted) later(cb, { elementType: 'payment' });
    }),
    off: vi.fn((event: string, cb: Listener) => listeners.get(event)?.delete(cb)),
    update: vi.fn(),
    destroy: vi.fn(() => {
      mounted = false;
    }),
  };
  const elements = {
    create: vi.fn(() => paymentElement),
    getElement: vi.fn(() => (mounted ? paymentElement : null)),
    update: vi.fn(),
    submit: vi.fn((): Promise<{ error?: { type: string; message?: string } }> =>
      Promise.resolve({}),
    ),
  };
  const stripe = {
    elements: vi.fn((_options?: unknown) => elements),
    confirmSetup: vi.fn(() =>
      Promise.resolve<Record<string, unknown>>({
        setupIntent: { id: 'seti_1', status: 'succeeded' },
      }),
    ),
    handleNextAction: vi.fn(() => Promise.resolve<Record<string, unknown>>({})),
    // What @stripe/react-stripe-js checks an instance has.
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    _registerWrapper: vi.fn(),
    registerAppInfo: vi.fn(),
  };
  return { stripe, elements, paymentElement };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;

let current: ((key: string) => unknown) | null = null;

// One constructor for the whole run: @stripe/stripe-js keeps the first `window.Stripe` it finds
// for the page's life, so this one hands each call to the test's own fake.
const constructor = Object.assign(
  (key: string) => {
    if (!current) throw new Error('Failed to load Stripe.js');
    return current(key);
  },
  { version: 'endive' },
);

/**
 * Puts Stripe.js on the page for this test: each `Stripe(key)` answers `fake` (or throws, as a
 * script that could not load leaves no Stripe behind, while `fake` is null). Returns the calls.
 */
export function installFakeStripe(fake: FakeStripe | null) {
  forgetStripeInstances();
  window.Stripe = constructor as unknown as StripeConstructor;
  const keys: string[] = [];
  current = fake
    ? (key) => {
        keys.push(key);
        return fake.stripe;
      }
    : null;
  return {
    keys,
    /** From now on, Stripe(key) fails (null) or answers another fake. */
    swap(next: FakeStripe | null) {
      current = next
        ? (key) => {
            keys.push(key);
            return next.stripe;
          }
        : null;
    },
  };
}

/** After each test: no Stripe instance or fake survives into the next one. */
export function removeFakeStripe() {
  current = null;
  forgetStripeInstances();
}

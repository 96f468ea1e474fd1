import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithBilling, type BillingFixtures } from '../../test/billing-test-server';
import {
  createFakeStripe,
  installFakeStripe,
  removeFakeStripe,
  type FakeStripe,
} from '../../test/fake-stripe';
import { BillingScreen } from './billing-screen';

// Issue 39: the card dialog takes the processor's own way in. Stripe.js is faked at its edge
// (test/fake-stripe.ts: the window.Stripe its script defines); what is checked is what the form
// does with it: which form shows, and the order submit → startCardSetup → confirmSetup →
// replacePaymentSource with the SetupIntent id.

const STRIPE = { provider: 'stripe', publishableKey: 'pk_test_portal' } as const;
const NOW = new Date('2026-03-10T18:00:00Z');

const render = (fixtures: BillingFixtures = {}) =>
  renderWithBilling('/billing?tab=plan', '/billing', <BillingScreen now={NOW} />, fixtures);

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
  return screen.findByRole('dialog', { name: 'Replace your card' });
}

let fake: FakeStripe;
let page: ReturnType<typeof installFakeStripe>;
beforeEach(() => {
  fake = createFakeStripe();
  page = installFakeStripe(fake);
});
afterEach(removeFakeStripe);

/** The options the form gave Stripe's Elements. */
const elementsOptions = () => fake.stripe.elements.mock.calls[0]?.[0];

describe('the card dialog with Stripe (issue 39)', () => {
  it("shows Stripe's Payment Element for a deferred card setup, and none of our card fields", async () => {
    render({ payments: STRIPE });
    const dialog = await openForm();
    expect(
      await within(dialog).findByRole('group', { name: 'Stripe payment element' }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Card number/)).toBeNull();
    expect(page.keys).toEqual(['pk_test_portal']);
    expect(elementsOptions()).toMatchObject({
      mode: 'setup',
      currency: 'usd',
      allowedPaymentMethodTypes: ['card'],
      locale: 'en',
    });
  });

  it('submits the element, starts a setup, confirms it with Stripe, and saves the SetupIntent id', async () => {
    const { calls } = render({ payments: STRIPE });
    const dialog = await openForm();
    await within(dialog).findByRole('group', { name: 'Stripe payment element' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your new card is saved.')).toBeInTheDocument();

    expect(fake.elements.submit).toHaveBeenCalledTimes(1);
    expect(fake.stripe.confirmSetup).toHaveBeenCalledWith({
      elements: fake.elements,
      clientSecret: 'seti_1_secret_x',
      redirect: 'if_required',
    });
    const operations = calls.map((c) => c.operation);
    expect(operations.indexOf('StartCardSetup')).toBeGreaterThan(-1);
    expect(operations.indexOf('ReplacePaymentSource')).toBeGreaterThan(
      operations.indexOf('StartCardSetup'),
    );
    expect(calls.find((c) => c.operation === 'ReplacePaymentSource')?.variables).toEqual({
      oldPaymentSourceId: 'ps-1',
      paymentToken: 'seti_1',
    });
    // Nothing reaches the sandbox's tokenization endpoint.
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => (input as string | URL).toString());
    expect(urls.filter((url) => url.includes('/gateway/'))).toEqual([]);
  });

  it('leaves field errors to the element and starts no setup', async () => {
    fake.elements.submit.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const { calls } = render({ payments: STRIPE });
    const dialog = await openForm();
    await within(dialog).findByRole('group', { name: 'Stripe payment element' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(fake.elements.submit).toHaveBeenCalled());
    expect(calls.some((c) => c.operation === 'StartCardSetup')).toBe(false);
    expect(fake.stripe.confirmSetup).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("shows Stripe's words for a card error, and our generic message for anything else", async () => {
    fake.stripe.confirmSetup.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    fake.stripe.confirmSetup.mockResolvedValueOnce({
      error: {
        type: 'api_connection_error',
        message: 'Request to api.stripe.com failed: 10.0.0.1',
      },
    });
    const { calls } = render({ payments: STRIPE });
    const dialog = await openForm();
    await within(dialog).findByRole('group', { name: 'Stripe payment element' });
    const save = within(dialog).getByRole('button', { name: 'Save card' });

    await userEvent.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');

    await userEvent.click(save);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'An error occured while processing your payment.',
      ),
    );
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('api.stripe.com');
    expect(calls.some((c) => c.operation === 'ReplacePaymentSource')).toBe(false);
  });

  it("shows the processor's refusal when our API declines the saved card (ST102)", async () => {
    render({ payments: STRIPE, replaceError: { code: 'ST102', reason: 'expiredCard' } });
    const dialog = await openForm();
    await within(dialog).findByRole('group', { name: 'Stripe payment element' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/expired/i);
  });

  it('says so when Stripe.js cannot load, and tries again on request', async () => {
    page.swap(null);
    render({ payments: STRIPE });
    const dialog = await openForm();
    expect(
      await within(dialog).findByText(
        "The secure card form couldn't load. Check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save card' })).toBeDisabled();
    page.swap(fake);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByRole('group', { name: 'Stripe payment element' }),
    ).toBeInTheDocument();
    expect(page.keys).toEqual(['pk_test_portal']);
  });

  it('shows the unavailable message for Stripe without a publishable key (no sandbox fields)', async () => {
    render({ payments: { provider: 'stripe', publishableKey: null } });
    const dialog = await openForm();
    expect(
      await within(dialog).findByText(
        "The secure card form couldn't load. Check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Card number/)).toBeNull();
    expect(page.keys).toEqual([]);
  });
});

describe('the card dialog with the sandbox', () => {
  it('keeps our own fields and never loads Stripe.js', async () => {
    render();
    const dialog = await openForm();
    expect(within(dialog).getByLabelText(/Card number/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Stripe payment element' })).toBeNull();
    expect(page.keys).toEqual([]);
  });
});

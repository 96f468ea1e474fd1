import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_APP_CONFIG, type PaymentsConfig } from '../../lib/config';
import {
  createFakeStripe,
  installFakeStripe,
  removeFakeStripe,
  type FakeStripe,
} from '../../test/fake-stripe';
import { CUSTOMER, renderWithServices } from '../../test/render-with-services';
import { BulkPaymentScreen } from './bulk-payment-screen';

// Spec 02 §4 bulk payment by card, with 3-D Secure (issue 39): the drawer follows nextAction
// (the sandbox's challenge page, or Stripe.js over the page) and settles by asking again.

const ACTION = {
  id: 'act-1',
  status: 'pending',
  metadata: { vial_count: 3 },
  action_type: { type_code: 'bulk_order_charge' },
};
const WITH_ADDRESS = {
  ...CUSTOMER,
  shippingAddresses: [
    {
      id: 'addr-1',
      address_type: 'SHIPPING',
      first_name: null,
      last_name: null,
      street_address1: '100 Test Way',
      street_address2: null,
      city: 'Seattle',
      state: 'Washington',
      state_code: 'WA',
      zip_code: '98101',
    },
  ],
};

type Purchase = {
  purchaseSucceeded: boolean;
  actionCompleted: boolean;
  reason: string | null;
  nextAction: { clientSecret: string; redirectUrl: string | null } | null;
};
const PAID: Purchase = {
  purchaseSucceeded: true,
  actionCompleted: true,
  reason: null,
  nextAction: null,
};
const needsCheck = (redirectUrl: string | null): Purchase => ({
  purchaseSucceeded: false,
  actionCompleted: false,
  reason: null,
  nextAction: { clientSecret: 'pi_1_secret_x', redirectUrl },
});

/** The drawer at `path`; purchases answer `answers` in turn (the last one repeats). */
function render(
  path: string,
  answers: (Purchase | Promise<Purchase>)[],
  payments?: PaymentsConfig,
) {
  let n = 0;
  return renderWithServices([{ path: '/bulk-payment', element: <BulkPaymentScreen /> }], {
    path,
    customer: WITH_ADDRESS,
    config: { ...FALLBACK_APP_CONFIG, payments: payments ?? FALLBACK_APP_CONFIG.payments },
    answer: (operation) => {
      switch (operation) {
        case 'GetBulkAction':
          return { customerAction: ACTION };
        case 'GetBulkPaymentSources':
          return {
            customerPaymentSources: [{ payment_source_id: 'ps-1', brand: 'Visa', mask: '4242' }],
          };
        case 'PurchaseBulkWithChargebee': {
          const data = answers[Math.min(n, answers.length - 1)];
          n += 1;
          return Promise.resolve(data).then((d) => ({ purchaseBulkWithChargebee: { data: d } }));
        }
        default:
          throw new Error(`No answer for ${operation}`);
      }
    },
  });
}

async function pay() {
  const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
  await userEvent.click(await within(drawer).findByRole('checkbox', { name: /bulk order terms/ }));
  await userEvent.click(within(drawer).getByRole('button', { name: 'Pay $1,497.00' }));
  return drawer;
}

const purchases = (calls: { operation: string; variables: Record<string, unknown> }[]) =>
  calls.filter((c) => c.operation === 'PurchaseBulkWithChargebee');

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let fake: FakeStripe;
let page: ReturnType<typeof installFakeStripe>;
beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  fake = createFakeStripe();
  page = installFakeStripe(fake);
});
afterEach(removeFakeStripe);

describe('bulk payment by card (spec 02 §4)', () => {
  it('keeps pay disabled until the terms are ticked, then shows the success drawer', async () => {
    const { router, calls } = render('/bulk-payment?actionId=act-1', [PAID]);
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    expect(await within(drawer).findByRole('button', { name: 'Pay $1,497.00' })).toBeDisabled();
    await pay();
    expect(
      await within(drawer).findByRole('heading', { name: 'Payment received' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?actionId=act-1&completed=true');
    expect(purchases(calls)).toHaveLength(1);
  });
});

describe('3-D Secure (issue 39)', () => {
  it('sandbox: goes to the challenge page with a return path back to this drawer', async () => {
    const { calls } = render('/bulk-payment?actionId=act-1', [
      needsCheck('/gateway/sandbox/authenticate/ch_1'),
    ]);
    const drawer = await pay();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(
      `/gateway/sandbox/authenticate/ch_1?return=${encodeURIComponent(
        '/bulk-payment?actionId=act-1&authenticated=1',
      )}`,
    );
    // Nothing is fatal yet: card payment stays on, and the button stays busy while the page goes.
    expect(within(drawer).getByRole('radio', { name: /Credit card/ })).toBeEnabled();
    expect(within(drawer).getByRole('button', { name: 'Pay $1,497.00' })).toBeDisabled();
    expect(purchases(calls)).toHaveLength(1);
    expect(page.keys).toEqual([]);
  });

  it('sandbox: back with authenticated=1, the drawer asks once by itself and shows success', async () => {
    let answer: (p: Purchase) => void = () => undefined;
    const settled = new Promise<Purchase>((resolve) => (answer = resolve));
    const { router, calls } = render('/bulk-payment?actionId=act-1&authenticated=1', [settled]);
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    expect(within(drawer).getByRole('status')).toHaveTextContent('Confirming your payment…');
    await waitFor(() => expect(purchases(calls)).toHaveLength(1));
    answer(PAID);
    expect(
      await within(drawer).findByRole('heading', { name: 'Payment received' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?actionId=act-1&completed=true');
    expect(purchases(calls)).toEqual([
      { operation: 'PurchaseBulkWithChargebee', variables: { customerActionId: 'act-1' } },
    ]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('sandbox: a check left unfinished is said once, not followed again, and card payment stays on', async () => {
    const { router, calls } = render('/bulk-payment?actionId=act-1&authenticated=1', [
      needsCheck('/gateway/sandbox/authenticate/ch_1'),
    ]);
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      "Your bank's check wasn't completed",
    );
    expect(assign).not.toHaveBeenCalled();
    expect(purchases(calls)).toHaveLength(1);
    expect(router.state.location.search).toBe('?actionId=act-1');
    expect(within(drawer).getByRole('radio', { name: /Credit card/ })).toBeChecked();
  });

  it('sandbox: a check the customer failed comes back declined, which is fatal (spec 02 §4)', async () => {
    render('/bulk-payment?actionId=act-1&authenticated=1', [
      { purchaseSucceeded: false, actionCompleted: false, reason: 'declined', nextAction: null },
    ]);
    const drawer = await screen.findByRole('dialog', { name: 'Review your order' });
    await waitFor(() =>
      expect(within(drawer).getByRole('radio', { name: /Credit card/ })).toBeDisabled(),
    );
    expect(within(drawer).getByRole('radio', { name: 'Buy now, pay later' })).toBeChecked();
  });

  it('stripe: finishes the check with Stripe.js, then asks again and shows success', async () => {
    const { calls } = render('/bulk-payment?actionId=act-1', [needsCheck(null), PAID], {
      provider: 'stripe',
      publishableKey: 'pk_test_portal',
    });
    const drawer = await pay();
    expect(
      await within(drawer).findByRole('heading', { name: 'Payment received' }),
    ).toBeInTheDocument();
    expect(page.keys).toEqual(['pk_test_portal']);
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(purchases(calls)).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('stripe: a check that is still not done after Stripe.js is said, without a loop', async () => {
    fake.stripe.handleNextAction.mockResolvedValue({
      error: { type: 'card_error', message: 'Authentication failed.' },
    });
    const { calls } = render('/bulk-payment?actionId=act-1', [needsCheck(null)], {
      provider: 'stripe',
      publishableKey: 'pk_test_portal',
    });
    const drawer = await pay();
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      "Your bank's check wasn't completed",
    );
    expect(fake.stripe.handleNextAction).toHaveBeenCalledTimes(1);
    expect(purchases(calls)).toHaveLength(2);
  });
});

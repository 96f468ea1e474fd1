import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BILLING_CUSTOMER,
  invoice,
  monthlyPlan,
  PLAN_ID,
  renderWithBilling,
  type BillingFixtures,
} from '../../test/billing-test-server';
import { BillingScreen } from './billing-screen';

const NOW = new Date('2026-03-10T18:00:00Z');

const render = (
  fixtures: BillingFixtures = {},
  path = '/billing?tab=plan',
  customer = BILLING_CUSTOMER,
) => renderWithBilling(path, '/billing', <BillingScreen now={NOW} />, fixtures, customer);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/billing?tab=plan (spec 02 §2)', () => {
  it('has breadcrumbs from My Account (spec 02 §2)', async () => {
    render();
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(crumbs).getByText('Billing and plan')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a skeleton, then the plan, the timeline, the card and the billing address', async () => {
    render();
    expect(screen.getByLabelText('Loading your billing information')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const plan = await screen.findByRole('article', { name: 'Month to month' });
    expect(within(plan).getByText('$349.00 a month')).toBeInTheDocument();
    expect(within(plan).getByText('03/01/2026')).toBeInTheDocument();
    expect(within(plan).getAllByText('04/01/2026').length).toBeGreaterThan(0);
    expect(within(plan).getByText('High dose')).toBeInTheDocument();
    expect(within(plan).getByText('Next charge on 04/01/2026: $349.00')).toBeInTheDocument();
    expect(
      within(plan).getByText('No commitment: you can change or cancel any time.'),
    ).toBeInTheDocument();
    expect(within(plan).getByText('Next shipment on 04/01/2026')).toBeInTheDocument();
    expect(within(plan).queryByText(/^Ending your plan early/)).toBeNull();
    expect(within(plan).getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(plan).getByText('Expires 04/30')).toBeInTheDocument();
    expect(within(plan).getByText('500 Market St')).toBeInTheDocument();
    expect(within(plan).getByText('San Francisco, CA 94105')).toBeInTheDocument();
  });

  it('counts the months left on a longer commitment, and a plan that will not renew', async () => {
    render({
      plan: monthlyPlan({
        term: 6,
        price: 24_900,
        renewal_date: '2026-04-01',
        contract: {
          id: 'k1',
          start_date: '2026-03-01',
          end_date: '2026-09-01',
          length: 6,
          price: 24_900,
          discount_amount: 0,
          auto_renew: false,
          status: 'active',
        },
      }),
    });
    const plan = await screen.findByRole('article', { name: '6-month plan' });
    expect(
      within(plan).getByText('6 months left in your commitment (until 09/01/2026)'),
    ).toBeInTheDocument();
    expect(within(plan).getByText("Your plan won't renew after 09/01/2026.")).toBeInTheDocument();
    // Shipments on the contract's day each month; April to August are still to be paid.
    expect(within(plan).getByText('Next shipment on 04/01/2026')).toBeInTheDocument();
    expect(
      within(plan).getByText(
        'Ending your plan early: the 5 payments left in your commitment ($249.00 each, $1,245.00 in all) are still due.',
      ),
    ).toBeInTheDocument();
  });

  it('a commitment cancelled early still shows its next payment, as the renewals job charges it (issue 45)', async () => {
    render({
      plan: monthlyPlan({
        status: 'non_renewing',
        term: 6,
        price: 24_900,
        renewal_date: null,
        contract: {
          id: 'k1',
          start_date: '2026-03-01',
          end_date: '2026-09-01',
          length: 6,
          price: 24_900,
          discount_amount: 0,
          auto_renew: false,
          status: 'non_renewing',
        },
      }),
    });
    const plan = await screen.findByRole('article', { name: '6-month plan' });
    expect(within(plan).getByText('Next charge on 04/01/2026: $249.00')).toBeInTheDocument();
    expect(within(plan).queryByText('No more charges are scheduled.')).toBeNull();
    expect(
      within(plan).getByText(
        'Ending your plan early: the 5 payments left in your commitment ($249.00 each, $1,245.00 in all) are still due.',
      ),
    ).toBeInTheDocument();
  });

  it('offers the other contract lengths with their monthly price and opens the change flow', async () => {
    const { router } = render();
    await screen.findByRole('article', { name: 'Month to month' });
    const review = await screen.findByRole('button', { name: 'Review change' });
    expect(review).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /6 months · \$249\.00 a month/ }));
    await userEvent.click(review);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/billing/change-subscription/${PLAN_ID}`),
    );
    expect(router.state.location.search).toBe('?length=6');
  });

  it('shows B100 and a retry when the plan cannot be loaded', async () => {
    render({ planError: 'B100' });
    expect(
      await screen.findByText(
        "We couldn't load your billing information. Please refresh and try again.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows an empty state without a plan, and ST100 when the payment options cannot load', async () => {
    render({ paymentSourcesError: 'ST100' }, '/billing', {
      ...BILLING_CUSTOMER,
      subscriptions: [],
    });
    expect(await screen.findByText(/You don't have a plan yet/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        "We couldn't load your payment options. Please refresh and try again.",
      ),
    ).toBeInTheDocument();
  });

  it('cancels with a reason from the list; "Something else" needs a few words', async () => {
    const { calls } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(dialog).findByText('Please choose a reason.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    expect(await within(dialog).findByText('Please tell us a little more.')).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'CancelSubscription')).toBe(false);
    const text = within(dialog).getByRole('textbox', { name: /Please tell us more/ });
    expect(text).toHaveAttribute('maxlength', '500');
    await userEvent.type(text, 'Moving abroad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(calls.map((c) => c.operation)).toContain('CancelSubscription'));
    expect(
      await screen.findByText('Your plan is cancelled. It stays active until 04/01/2026.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.operation === 'CancelSubscription')?.variables).toEqual({
      subscriptionId: PLAN_ID,
      reason: 'other',
      otherText: 'Moving abroad',
    });
  });
});

describe('the card form (spec 02 §5)', () => {
  async function openForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'Replace card' }));
    return screen.findByRole('dialog', { name: 'Replace your card' });
  }
  async function fill(dialog: HTMLElement, number: string, expiry: string, cvc: string) {
    await userEvent.type(within(dialog).getByLabelText(/Card number/), number);
    await userEvent.type(within(dialog).getByLabelText(/Expiry/), expiry);
    await userEvent.type(within(dialog).getByLabelText(/Security code/), cvc);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
  }

  it('shows number, expiry and CVC errors inline and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render();
    const dialog = await openForm();
    await fill(dialog, '4242 4242 4242 4241', '13/20', '12');
    expect(await within(dialog).findByText('Please check the card number.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter a valid expiry date (MM/YY).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please check the security code.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the card to the gateway and gives our API only the token', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            token: 'tok_sandbox_123',
            card: { brand: 'Mastercard', last4: '4444', expiryMonth: 12, expiryYear: 2030 },
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { calls } = render();
    const dialog = await openForm();
    await fill(dialog, '5555 5555 5555 4444', '12/30', '123');
    expect(await screen.findByText('Your new card is saved.')).toBeInTheDocument();
    const gatewayCalls = (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(
      ([url]) => url === '/gateway/sandbox/tokens',
    );
    expect(gatewayCalls).toHaveLength(1);
    const [url, init] = gatewayCalls[0]!;
    expect(url).toBe('/gateway/sandbox/tokens');
    expect(JSON.parse(init.body as string)).toEqual({
      cardNumber: '5555555555554444',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const replace = calls.find((c) => c.operation === 'ReplacePaymentSource');
    expect(replace?.variables).toEqual({
      oldPaymentSourceId: 'ps-1',
      paymentToken: 'tok_sandbox_123',
    });
    expect(JSON.stringify(calls)).not.toContain('5555555555554444');
    expect(await screen.findByText('Mastercard ending in 4444')).toBeInTheDocument();
  });

  it("shows the processor's message when it refuses the card (ST102)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ token: 'tok_declined', card: {} }), { status: 201 }),
        ),
      ),
    );
    render({ replaceError: { code: 'ST102', reason: 'insufficientFunds' } });
    const dialog = await openForm();
    await fill(dialog, '4000 0000 0000 9995', '12/30', '123');
    expect(
      await within(dialog).findByText('The card has insufficient funds. Please use another card.'),
    ).toBeInTheDocument();
  });

  it("shows the gateway's own field errors inline", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              error: { code: 'invalid-card', fields: { cvc: 'card.invalidCvc' } },
            }),
            { status: 400 },
          ),
        ),
      ),
    );
    const { calls } = render();
    const dialog = await openForm();
    await fill(dialog, '4242 4242 4242 4242', '12/30', '123');
    expect(await within(dialog).findByText('Please check the security code.')).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'ReplacePaymentSource')).toBe(false);
  });
});

describe('/billing?tab=invoices (spec 02 §2)', () => {
  it('on a phone (under 600 px) lists the invoices as cards, not a table', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    render(
      { invoices: [invoice(3), invoice(2, { status: 'payment_due' })] },
      '/billing?tab=invoices',
    );
    const list = await screen.findByRole('list', { name: 'Invoices' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    const labels = (item: HTMLElement) =>
      within(item)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    // The paid invoice offers its HSA/FSA receipt too; the one still due only the invoice.
    expect(items.map(labels)).toEqual([
      ['Download invoice INV-003', 'Download the HSA/FSA receipt of invoice INV-003'],
      ['Download invoice INV-002'],
    ]);
    expect(within(items[0] as HTMLElement).getByText('$349.00')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Payment due')).toBeTruthy();
  });

  it('lists number, date, description, amount and status, and opens the signed PDF URL', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(
      {
        invoices: [
          invoice(3),
          invoice(2, {
            status: 'payment_due',
            total: 4_990,
            description: 'Bulk semaglutide, 2 vials',
          }),
        ],
      },
      '/billing?tab=invoices',
    );
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 5),
      ),
    ).toEqual([
      ['INV-003', '03/01/2026', 'Weight management, monthly', '$349.00', 'Paid'],
      ['INV-002', '02/01/2026', 'Bulk semaglutide, 2 vials', '$49.90', 'Payment due'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice INV-003' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost/invoices/inv-3.pdf?signature=x'),
    );
    // Spec 02 §2: each paid invoice offers both documents; an unpaid one has no receipt.
    expect(
      screen.queryByRole('button', {
        name: 'Download the HSA/FSA receipt of invoice INV-002',
      }),
    ).toBeNull();
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Download the HSA/FSA receipt of invoice INV-003',
      }),
    );
    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost/invoices/inv-3/receipt.pdf?signature=x'),
    );
  });

  it('shows an empty state, and C107 when the PDF link fails', async () => {
    render({ invoices: [] }, '/billing?tab=invoices');
    expect(await screen.findByText("You don't have any invoices yet.")).toBeInTheDocument();
  });

  it('shows C107 when the signed URL answer carries an errorMessage', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(
      { invoices: [invoice(3)], pdfUrl: { downloadUrl: null, errorMessage: 'not found' } },
      '/billing?tab=invoices',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice INV-003' }));
    expect(
      await screen.findByText("We couldn't download this invoice. Please try again."),
    ).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('switches tabs through the address', async () => {
    const { router } = render({ invoices: [] });
    await userEvent.click(await screen.findByRole('tab', { name: 'Invoices' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invoices'));
    expect(await screen.findByText("You don't have any invoices yet.")).toBeInTheDocument();
  });
});

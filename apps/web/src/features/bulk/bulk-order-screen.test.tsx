import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { BulkBookingNotice } from '../../components/bulk-booking-notice';
import { CUSTOMER, renderWithServices } from '../../test/render-with-services';
import { BulkOrderScreen } from './bulk-order-screen';
import { bulkOrderView } from './bulk-order-view';

const ELIGIBLE = {
  isBulkEligible: true,
  needsSyncEncounter: false,
  bulkOrderedTooRecently: false,
  hasRecentBulkAppointment: false,
  bulkAvailable: true,
};

const VISIT = { providerId: 'p-recent', treatmentId: 't-weight' };

const DEFAULTS: Record<string, (vars: Record<string, unknown>) => unknown> = {
  CreateBulkAsyncAppointment: () => ({
    createAsyncAppointment: { statusCode: 200, data: { id: 'visit-1' } },
  }),
  CreateBulkSubscription: () => ({ createBulkSubscription: { newSubscriptionId: 'sub-1' } }),
};

const sync = (vars: Record<string, unknown>) => ({
  submitBulkOrder: {
    statusCode: 200,
    data: {
      id: 'o2',
      vialCount: vars.vialCount,
      encounter: 'sync',
      status: 'awaiting_approval',
      asyncVisit: null,
    },
  },
});

const presence = (link: string | null) => ({
  appointmentsByCustomer: {
    upcoming: [],
    previous: [],
    async: link
      ? [
          {
            id: 'a1',
            appointment_requirements: [{ requirement_type: 'intake', completed: false, link }],
          },
        ]
      : [],
  },
});

function render(
  eligibility: typeof ELIGIBLE,
  submit: (vars: Record<string, unknown>) => unknown = (vars) => ({
    submitBulkOrder: {
      statusCode: 200,
      data: {
        id: 'o1',
        vialCount: vars.vialCount,
        encounter: 'async',
        status: 'awaiting_approval',
        asyncVisit: VISIT,
      },
    },
  }),
  intakeLink: string | null = null,
  more: Record<string, (vars: Record<string, unknown>) => unknown> = {},
) {
  return renderWithServices(
    [
      { path: '/bulk-order', element: <BulkOrderScreen /> },
      { path: '/book-appointment', element: <BulkBookingNotice /> },
      { path: '*', element: <main aria-label="elsewhere" /> },
    ],
    {
      path: '/bulk-order',
      customer: CUSTOMER,
      answer: (name, vars) => {
        if (name === 'IsBulkEligible') return { isBulkEligible: eligibility };
        if (name === 'SubmitBulkOrder') return submit(vars);
        if (name === 'GetAppointmentPresence') return presence(intakeLink);
        const answer = more[name] ?? DEFAULTS[name];
        if (answer) return answer(vars);
        throw new Error(`No answer for ${name}`);
      },
    },
  );
}

describe('/bulk-order (spec 02 §4, §5, §9)', () => {
  it('lists 2 to 6 vials with the table prices; submitting without a choice asks for one', async () => {
    const { calls } = render(ELIGIBLE);
    const three = await screen.findByRole('radio', { name: /3 vials/ });
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByText(/3 vials · \$499\.00 per vial/)).toBeInTheDocument();
    expect(
      screen.getByText(/2\.5 ml of semaglutide at 5 mg per ml.*\$49\.99 per month/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(screen.getByText('Please select a vial count before submitting.')).toBeInTheDocument();
    expect(calls.filter((c) => c.operation === 'SubmitBulkOrder')).toHaveLength(0);

    await userEvent.click(three);
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(
      await screen.findByRole('heading', { name: 'Your order was sent to your provider' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.operation === 'SubmitBulkOrder')?.variables).toMatchObject({
      vialCount: 3,
    });
    // No intake form is waiting: no intake link.
    await screen.findByRole('link', { name: 'Back to home' });
    expect(screen.queryByRole('link', { name: 'Update your intake form' })).toBeNull();
  });

  it('an async order creates the async visit with the provider the server names (spec 02 §4)', async () => {
    const { calls } = render(ELIGIBLE);
    await userEvent.click(await screen.findByRole('radio', { name: /5 vials/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await screen.findByRole('heading', { name: 'Your order was sent to your provider' });
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'CreateBulkAsyncAppointment')?.variables).toEqual(
        VISIT,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((c) => c.operation === 'CreateBulkSubscription')).toBe(false);
  });

  it('A103 when the async visit cannot be made; the order stays sent', async () => {
    render(ELIGIBLE, undefined, null, {
      CreateBulkAsyncAppointment: () => {
        throw new GraphqlRequestError('A103', 'x', [
          { message: 'x', extensions: { code: 'A103' } },
        ]);
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: /2 vials/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A103');
    expect(
      screen.getByRole('heading', { name: 'Your order was sent to your provider' }),
    ).toBeInTheDocument();
  });

  it('a sync order goes on to /book-appointment with the vial count, and the notice shows there', async () => {
    const { calls, router } = render(ELIGIBLE, sync);
    await userEvent.click(await screen.findByRole('radio', { name: /3 vials/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(
      await screen.findByRole('heading', { name: 'Your bulk order needs a short visit' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/book-appointment');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      treatmentShortId: 'weightmanagement_bulk',
      vialCount: '3',
      subscriptionId: 'sub-1',
    });
    expect(
      screen.getByText(/Your provider needs to see you before approving 3 vials/),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'CreateBulkAsyncAppointment')).toBe(false);
    // No Book button on the way: the customer is taken there.
    expect(screen.queryByRole('link', { name: 'Book a visit' })).toBeNull();
  });

  it('step 1 offers the optional intake link while an intake form is waiting (spec 02 §4)', async () => {
    render(ELIGIBLE, undefined, 'https://forms.example.com/intake/abc');
    await userEvent.click(await screen.findByRole('radio', { name: /4 vials/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    const link = await screen.findByRole('link', { name: 'Update your intake form' });
    expect(link).toHaveAttribute('href', '/intake');
  });

  it('the flag off shows that bulk ordering is no longer available', async () => {
    render({ ...ELIGIBLE, isBulkEligible: false, bulkAvailable: false });
    expect(
      await screen.findByText('Bulk semaglutide ordering is no longer available.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a customer refused on arrival (BS101) is sent home', async () => {
    render({ ...ELIGIBLE, bulkOrderedTooRecently: true });
    expect(await screen.findByRole('main', { name: 'elsewhere' })).toBeInTheDocument();
  });

  it('BS101 on submit sends the customer home', async () => {
    render(ELIGIBLE, () => {
      throw new GraphqlRequestError('BS101', 'x', [
        { message: 'x', extensions: { code: 'BS101' } },
      ]);
    });
    await userEvent.click(await screen.findByRole('radio', { name: /2 vials/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(await screen.findByRole('main', { name: 'elsewhere' })).toBeInTheDocument();
  });
});

describe('bulkOrderView', () => {
  const at = (eligibility: Partial<typeof ELIGIBLE>, submitted = false) =>
    bulkOrderView({
      pending: false,
      failed: false,
      eligibility: { ...ELIGIBLE, ...eligibility },
      submitted,
    });

  it('an eligible customer gets the form, then the confirmation', () => {
    expect(at({})).toBe('form');
    expect(at({}, true)).toBe('submitted');
  });

  it('a customer refused on arrival gets neither the form nor its chunk on the way home (issue 46)', () => {
    expect(at({ bulkOrderedTooRecently: true })).toBe('loading');
    expect(at({ hasRecentBulkAppointment: true })).toBe('loading');
    // A refusal that comes with the answer to an order keeps the confirmation's step.
    expect(at({ bulkOrderedTooRecently: true }, true)).toBe('submitted');
  });

  it('not eligible, or bulk ordering off, says so', () => {
    expect(at({ isBulkEligible: false })).toBe('unavailable');
    expect(at({ bulkAvailable: false })).toBe('unavailable');
  });
});

describe('BulkBookingNotice on /book-appointment (spec 02 §4)', () => {
  function at(search: string) {
    return renderWithServices([{ path: '/book-appointment', element: <BulkBookingNotice /> }], {
      path: `/book-appointment${search}`,
      customer: CUSTOMER,
      answer: (name) => {
        throw new Error(`No answer for ${name}`);
      },
    });
  }

  it('shows only for a bulk treatment with a vial count of 2 to 6', async () => {
    at('?treatmentShortId=weightmanagement_bulk&vialCount=6');
    expect(await screen.findByText(/approving 6 vials/)).toBeInTheDocument();
  });

  it.each([
    '?vialCount=3',
    '?treatmentShortId=weightmanagement_bulk&vialCount=7',
    '?treatmentShortId=ed&vialCount=3',
    '',
  ])('shows nothing for %s', (search) => {
    at(search);
    expect(screen.queryByText(/bulk order needs a short visit/)).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { CUSTOMER, renderWithServices } from '../../test/render-with-services';
import { BulkOrderScreen } from './bulk-order-screen';

const ELIGIBLE = {
  isBulkEligible: true,
  needsSyncEncounter: false,
  bulkOrderedTooRecently: false,
  hasRecentBulkAppointment: false,
  bulkAvailable: true,
};

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
      },
    },
  }),
  intakeLink: string | null = null,
) {
  return renderWithServices(
    [
      { path: '/bulk-order', element: <BulkOrderScreen /> },
      { path: '*', element: <main aria-label="elsewhere" /> },
    ],
    {
      path: '/bulk-order',
      customer: CUSTOMER,
      answer: (name, vars) => {
        if (name === 'IsBulkEligible') return { isBulkEligible: eligibility };
        if (name === 'SubmitBulkOrder') return submit(vars);
        if (name === 'GetAppointmentPresence') return presence(intakeLink);
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

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffApi, renderCare, STAFF_ME } from '../test/render-care';
import { dollarsToCents } from './refund-form';

const CUSTOMER = '00000000-0000-4000-8000-000000000101';
const CHARGE = '00000000-0000-4000-8000-000000000201';

function patientWithCharge() {
  return fakeStaffApi([
    ['GET /staff/me', () => ({ body: STAFF_ME })],
    [
      `GET /staff/customers/${CUSTOMER}`,
      () => ({
        body: {
          profile: { id: CUSTOMER, firstName: 'Robin', lastName: 'Park', email: 'r@x.test' },
          charges: [
            {
              id: CHARGE,
              purpose: 'renewal',
              amount: 29_900,
              amountRefunded: 10_000,
              status: 'succeeded',
              createdAt: '2026-11-01T10:00:00Z',
            },
            // Declined: nothing to refund, so no button.
            {
              id: 'c2',
              purpose: 'renewal',
              amount: 29_900,
              status: 'declined',
              createdAt: '2026-10-01T10:00:00Z',
            },
          ],
        },
      }),
    ],
    [
      `POST /staff/charges/${CHARGE}/refunds`,
      () => ({ status: 201, body: { refund: { id: 'r1', status: 'succeeded' } } }),
    ],
  ]);
}

async function openRefund() {
  const user = userEvent.setup();
  renderCare(`/care/patients/${CUSTOMER}?section=billing`, { signedIn: true });
  const buttons = await screen.findAllByRole('button', { name: /^refund/i });
  expect(buttons).toHaveLength(1);
  await user.click(buttons[0]!);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Refund a charge' }) };
}

describe('the refund dialog', () => {
  it('refuses more than what is left of the charge, and sends nothing', async () => {
    const { calls } = patientWithCharge();
    const { user, dialog } = await openRefund();
    // $299.00 charged, $100.00 refunded already: $199.00 left.
    expect(within(dialog).getByText('Up to $199.00 can be refunded.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/amount in dollars/i), '199.01');
    await user.type(within(dialog).getByLabelText(/reason/i), 'Shipped late');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('At most $199.00 is left to refund.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/amount in dollars/i)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for an amount in dollars and a reason', async () => {
    const { calls } = patientWithCharge();
    const { user, dialog } = await openRefund();
    await user.type(within(dialog).getByLabelText(/amount in dollars/i), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/enter an amount in dollars/i)).toBeInTheDocument();
    expect(within(dialog).getByText(/say why/i)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/amount in dollars/i));
    await user.type(within(dialog).getByLabelText(/amount in dollars/i), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/above \$0\.00/i)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends a valid refund in integer cents, all of what is left included', async () => {
    const { calls } = patientWithCharge();
    const { user, dialog } = await openRefund();
    await user.type(within(dialog).getByLabelText(/amount in dollars/i), '$199');
    await user.type(within(dialog).getByLabelText(/reason/i), '  Shipped late  ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByRole('heading', { name: 'Robin Park' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amountCents: 19_900,
      reason: 'Shipped late',
    });
  });

  it('reads dollars as integer cents', () => {
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents('25.5')).toBe(2550);
    expect(dollarsToCents('$1,025.05')).toBe(102_505);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('-3')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
});

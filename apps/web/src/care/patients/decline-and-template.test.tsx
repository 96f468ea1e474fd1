import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffApi, renderCare, STAFF_ME, type FakeAnswer } from '../test/render-care';

// The patient page's second round (issue 41): declining a bulk order from its row, with a
// reason, and a message started from a template.

const CUSTOMER = '00000000-0000-4000-8000-000000000101';
const ORDER = '00000000-0000-4000-8000-000000000301';
const TEMPLATE = '00000000-0000-4000-8000-000000000401';

function patient(
  decline: () => FakeAnswer = () => ({ body: { orderId: ORDER, status: 'declined' } }),
) {
  let status = 'awaiting_approval';
  return fakeStaffApi([
    ['GET /staff/me', () => ({ body: STAFF_ME })],
    [
      `GET /staff/customers/${CUSTOMER}`,
      () => ({
        body: {
          profile: { id: CUSTOMER, firstName: 'Robin', lastName: 'Park', email: 'r@x.test' },
          bulkOrders: [
            {
              id: ORDER,
              status,
              vialCount: 4,
              encounter: 'async',
              createdAt: '2026-11-20T10:00:00Z',
            },
          ],
        },
      }),
    ],
    [
      `POST /staff/customers/${CUSTOMER}/bulk-orders/decline`,
      () => {
        const answer = decline();
        if ((answer.status ?? 200) === 200) status = 'declined';
        return answer;
      },
    ],
    [
      'GET /staff/message-templates',
      () => ({
        body: {
          templates: [
            { id: TEMPLATE, type: 'dose_change', description: 'Your dose changes next week.' },
          ],
        },
      }),
    ],
    [`POST /staff/customers/${CUSTOMER}/messages`, () => ({ status: 201, body: { id: 'm1' } })],
  ]);
}

async function openDecline() {
  const user = userEvent.setup();
  renderCare(`/care/patients/${CUSTOMER}?section=bulk`, { signedIn: true });
  await user.click(await screen.findByRole('button', { name: /^decline the order of 4 vials/i }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Decline the bulk order' }) };
}

describe('declining a bulk order', () => {
  it('asks for a reason and sends nothing without one', async () => {
    const { calls } = patient();
    const { user, dialog } = await openDecline();
    await user.type(within(dialog).getByLabelText(/reason/i), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(within(dialog).getByText('Say why the order is declined.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/reason/i)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the order and the trimmed reason, closes, and shows the order declined', async () => {
    const { calls } = patient();
    const { user, dialog } = await openDecline();
    await user.type(within(dialog).getByLabelText(/reason/i), '  Please book a follow-up first  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      orderId: ORDER,
      reason: 'Please book a follow-up first',
    });
    expect(screen.queryByRole('button', { name: /^decline the order/i })).toBeNull();
  });

  it('says who decided first when someone else did (409), and keeps the dialog open', async () => {
    patient(() => ({
      status: 409,
      body: {
        error: {
          code: 'already-done',
          message: 'Already approved by sam@care.test at 2026-11-28T10:00:00.000Z.',
        },
      },
    }));
    const { user, dialog } = await openDecline();
    await user.type(within(dialog).getByLabelText(/reason/i), 'Too soon');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Already approved by sam@care.test',
    );
    expect(within(dialog).getByRole('button', { name: 'Decline order' })).toBeDisabled();
  });
});

describe('a message from a template', () => {
  it("fills the message with the template's text, sends the edited text with its id", async () => {
    const { calls } = patient();
    const user = userEvent.setup();
    renderCare(`/care/patients/${CUSTOMER}?section=messages`, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a message' });
    await user.click(within(dialog).getByRole('combobox', { name: /template/i }));
    await user.click(await screen.findByRole('option', { name: 'dose_change' }));
    const body = within(dialog).getByRole('textbox', { name: /^message/i });
    expect(body).toHaveValue('Your dose changes next week.');
    await user.type(body, ' <script>alert(1)</script>');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Robin Park' });
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/messages'));
    expect(sent?.body).toMatchObject({
      type: 'dose_change',
      templateUsedId: TEMPLATE,
      // Typed text is escaped as text; the server sanitises whatever it is sent all the same.
      html: '<p>Your dose changes next week. &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    });
  });

  it('sends free text without a template id', async () => {
    const { calls } = patient();
    const user = userEvent.setup();
    renderCare(`/care/patients/${CUSTOMER}?section=messages`, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a message' });
    await user.type(within(dialog).getByRole('textbox', { name: /^message/i }), 'Hello Robin');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('heading', { name: 'Robin Park' });
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/messages'));
    expect(sent?.body).toMatchObject({ type: 'care_team', html: '<p>Hello Robin</p>' });
    expect(sent?.body).not.toHaveProperty('templateUsedId');
  });
});

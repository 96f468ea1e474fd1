import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { QueueItem } from '../api/types';
import { fakeStaffApi, renderCare, STAFF_ME, type Handler } from '../test/render-care';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function item(n: number, overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    key: `id_verification:${uuid(n)}`,
    kind: 'id_verification',
    urgent: false,
    title: `Item ${String(n)}`,
    detail: '',
    customer: {
      id: uuid(100 + n),
      firstName: `Pat${String(n)}`,
      lastName: 'Doe',
      email: 'p@x.test',
    },
    since: '2026-11-27T10:00:00Z',
    claim: null,
    ref: { verificationId: uuid(n) },
    ...overrides,
  };
}

const ITEMS = [
  item(1, {
    urgent: true,
    kind: 'side_effect',
    key: `side_effect:${uuid(1)}`,
    ref: { taskId: uuid(1) },
  }),
  item(2, { kind: 'bulk_order', key: `bulk_order:${uuid(2)}`, ref: { bulkOrderId: uuid(2) } }),
  item(3),
];

const queue: Handler = () => ({
  body: {
    items: ITEMS,
    total: 3,
    page: 0,
    pageSize: 50,
    counts: { side_effect: 1, bulk_order: 1, id_verification: 1 },
  },
});
const patient: Handler = (request) => {
  const id = request.path.split('/').pop() ?? '';
  const n = Number(id.slice(-3)) - 100;
  return {
    body: {
      profile: { id, firstName: `Pat${String(n)}`, lastName: 'Doe', email: 'p@x.test' },
      bulkOrders: [
        { id: uuid(2), vialCount: 4, status: 'pending', createdAt: '2026-11-27T10:00:00Z' },
      ],
    },
  };
};

const selectedTitle = () =>
  document.querySelector('.MuiDataGrid-row[aria-selected="true"]')?.textContent ?? '';

describe('the care queue', () => {
  it('moves with j and k, and Enter claims the selected item and opens it', async () => {
    const { calls } = fakeStaffApi([
      ['GET /staff/queue', queue],
      ['GET /staff/me', () => ({ body: STAFF_ME })],
      [
        /^POST \/staff\/queue\/.+\/claim$/,
        () => ({ body: { claim: { staffId: 's1', staffName: 'Casey', at: '' } } }),
      ],
      [/^GET \/staff\/customers\/[^/]+$/, patient],
    ]);
    const user = userEvent.setup();
    renderCare('/care/queue', { signedIn: true });
    await screen.findByText('Item 3');
    expect(selectedTitle()).toContain('Item 1');
    // Urgent is said in words, not only in colour.
    expect(within(screen.getByRole('grid')).getByText('Urgent')).toBeInTheDocument();

    await user.keyboard('j');
    expect(selectedTitle()).toContain('Item 2');
    await user.keyboard('j');
    await user.keyboard('j');
    expect(selectedTitle()).toContain('Item 3');
    await user.keyboard('k');
    expect(selectedTitle()).toContain('Item 2');
    expect(screen.getByRole('status')).toHaveTextContent(/selected: item 2, pat2 doe/i);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Pat2 Doe' })).toBeInTheDocument();
    const claim = calls.find((c) => c.method === 'POST' && c.path.endsWith('/claim'));
    expect(claim?.path).toBe(`/staff/queue/${encodeURIComponent(`bulk_order:${uuid(2)}`)}/claim`);
    expect(claim?.body).toEqual({});
    // The bulk order section is open with its action ready.
    expect(screen.getByRole('tab', { name: 'Bulk orders' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('button', { name: /approve \(a\)/i })).toBeInTheDocument();
  });

  it('says who is on an item someone else claimed, and takes it over only when asked', async () => {
    const claims: unknown[] = [];
    fakeStaffApi([
      ['GET /staff/queue', queue],
      ['GET /staff/me', () => ({ body: STAFF_ME })],
      [
        /^POST \/staff\/queue\/.+\/claim$/,
        (request) => {
          claims.push(request.body);
          return (request.body as { takeOver?: boolean }).takeOver
            ? { body: { claim: { staffId: 's1', staffName: 'Casey', at: '' } } }
            : {
                status: 409,
                body: {
                  error: {
                    code: 'claimed',
                    message: 'Dana Lee is on it',
                    claim: { staffId: 's2', staffName: 'Dana Lee', at: '2026-11-28T10:00:00Z' },
                  },
                },
              };
        },
      ],
      [/^GET \/staff\/customers\/[^/]+$/, patient],
    ]);
    const user = userEvent.setup();
    renderCare('/care/queue', { signedIn: true });
    await screen.findByText('Item 3');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Dana Lee is on it' })).toBeInTheDocument();
    // Still on the queue: nothing opened behind the dialog.
    expect(screen.queryByRole('heading', { name: 'Pat1 Doe' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    expect(await screen.findByRole('heading', { name: 'Pat1 Doe' })).toBeInTheDocument();
    expect(claims).toEqual([{}, { takeOver: true }]);
  });

  it('shows a claim as "<name> is on it"', async () => {
    fakeStaffApi([
      [
        'GET /staff/queue',
        () => ({
          body: {
            items: [
              item(5, { claim: { staffId: 's2', staffName: 'Dana', at: '2026-11-28T10:00:00Z' } }),
            ],
            total: 1,
            page: 0,
            pageSize: 50,
            counts: { id_verification: 1 },
          },
        }),
      ],
      ['GET /staff/me', () => ({ body: STAFF_ME })],
    ]);
    renderCare('/care/queue', { signedIn: true });
    expect(await screen.findByText('Dana is on it')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/1 item in the queue/i),
    );
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffApi, renderCare, STAFF_ME } from '../test/render-care';

const PROVIDER = '00000000-0000-4000-8000-000000000301';
const view = (hours = [{ weekday: 2, startMinute: 480, endMinute: 1020 }]) => ({
  id: PROVIDER,
  displayName: 'Dr. Maya Chen',
  title: 'MD',
  timeZone: 'America/Los_Angeles',
  visitMinutes: 30,
  hours,
  timeOff: [
    {
      id: '00000000-0000-4000-8000-000000000401',
      startsAt: '2026-11-10T17:00:00Z',
      endsAt: '2026-11-10T20:00:00Z',
      reason: 'Training',
    },
  ],
});

describe('providers’ hours in the console (issue 41)', () => {
  it('lists providers with their hours and next time off, in the provider’s zone', async () => {
    fakeStaffApi([
      ['GET /staff/me', () => ({ body: STAFF_ME })],
      ['GET /staff/providers', () => ({ body: [view()] })],
    ]);
    renderCare('/care/providers', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Providers and their hours' });
    const row = within(table).getByRole('row', { name: /Dr. Maya Chen/ });
    expect(row).toHaveTextContent('Tue 08:00–17:00');
    expect(row).toHaveTextContent('Nov 10, 9:00 AM');
  });

  it('a care member reads the hours and cannot change them', async () => {
    fakeStaffApi([
      ['GET /staff/me', () => ({ body: STAFF_ME })],
      [`GET /staff/providers/${PROVIDER}`, () => ({ body: view() })],
    ]);
    renderCare(`/care/providers/${PROVIDER}`, { signedIn: true });
    expect(await screen.findByText('Only an admin can change hours and time off.')).toBeVisible();
    expect(screen.getByText('08:00–17:00')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save hours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add time off' })).not.toBeInTheDocument();
  });

  it('an admin’s change that strands a visit asks first, then saves with confirm', async () => {
    const { calls } = fakeStaffApi([
      ['GET /staff/me', () => ({ body: { ...STAFF_ME, role: 'admin' } })],
      [`GET /staff/providers/${PROVIDER}`, () => ({ body: view() })],
      [
        `PUT /staff/providers/${PROVIDER}/hours`,
        (request) =>
          (request.body as { confirm?: boolean }).confirm
            ? { body: view([]) }
            : {
                status: 409,
                body: {
                  error: {
                    code: 'strands-visits',
                    message: 'Booked visits fall outside these hours.',
                    visits: [
                      {
                        id: 'v1',
                        start: '2026-11-10T17:00:00Z',
                        end: '2026-11-10T17:30:00Z',
                        patient: 'Robin P.',
                      },
                    ],
                  },
                },
              },
      ],
    ]);
    renderCare(`/care/providers/${PROVIDER}`, { signedIn: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Tuesday 08:00 to 17:00' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booked visits fall outside' });
    expect(dialog).toHaveTextContent('Nov 10, 9:00 AM · Robin P.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('Hours saved. Booking follows them now.')).toBeVisible();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([{ blocks: [] }, { blocks: [], confirm: true }]);
  });

  it('refuses overlapping hours before sending anything', async () => {
    const { calls } = fakeStaffApi([
      ['GET /staff/me', () => ({ body: { ...STAFF_ME, role: 'admin' } })],
      [`GET /staff/providers/${PROVIDER}`, () => ({ body: view() })],
    ]);
    renderCare(`/care/providers/${PROVIDER}`, { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Add hours on Tuesday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('These hours overlap other hours that day.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OTHER_PROVIDER,
  PROVIDER,
  renderWithAppointments,
  setNow,
} from '../../test/appointments-test-server';
import { BookingScreen } from './booking-screen';

// Issue 43: picking a time holds it; a taken time offers the nearest free ones.

afterEach(() => {
  vi.useRealTimers();
});

const NOW = '2025-06-02T12:00:00Z';
const EIGHT = '2025-06-03T12:00:00.000Z'; // Tuesday 8:00 AM in New York
const NINE = '2025-06-03T13:00:00.000Z';
const plus30 = (iso: string) => new Date(Date.parse(iso) + 30 * 60_000).toISOString();

const ALTERNATIVES = [
  { start: NINE, end: plus30(NINE), providerId: PROVIDER.id, providerName: PROVIDER.displayName },
  {
    start: EIGHT,
    end: plus30(EIGHT),
    providerId: OTHER_PROVIDER.id,
    providerName: OTHER_PROVIDER.displayName,
  },
];

async function openTimes() {
  fireEvent.click(await screen.findByRole('checkbox', { name: /Terms of Service/ }));
  const next = screen.getByRole('button', { name: 'Continue' });
  await waitFor(() => expect(next).toBeEnabled());
  fireEvent.click(next);
  const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Show times in' }));
  fireEvent.click(await screen.findByRole('option', { name: /^Eastern Time \(EDT\)/ }));
  return dialog;
}

describe('the booking dialog holds the picked time (issue 43)', () => {
  it('holds on pick, shows the time left, and books with the hold', async () => {
    setNow(NOW);
    const { calls } = renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: [{ start: EIGHT }],
    });
    const dialog = await openTimes();
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:00 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    expect(within(review).getByText('Held for you for 5:00')).toBeInTheDocument();
    expect(within(review).getByRole('status')).toHaveTextContent(
      'This time is held for you for 5 more minutes.',
    );
    const hold = calls.find((c) => c.operation === 'HoldAppointmentSlot');
    expect(hold?.variables).toMatchObject({ providerId: PROVIDER.id, start: EIGHT });
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: "You're booked" })).toBeInTheDocument();
    const booking = calls.find((c) => c.operation === 'ScheduleAdhocAppointmentV2');
    expect(booking?.variables.holdId).toMatch(/^00000000-0000-4000-8000-/);
    // The booking used the hold: nothing to give back.
    expect(calls.some((c) => c.operation === 'ReleaseAppointmentHold')).toBe(false);
  });

  it('a taken time offers the nearest free ones; one click holds it and goes on', async () => {
    setNow(NOW);
    const { calls } = renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: [{ start: EIGHT }],
      takenStarts: [EIGHT],
      alternatives: ALTERNATIVES,
    });
    const dialog = await openTimes();
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:00 AM EDT' }));
    const taken = await screen.findByRole('dialog', { name: 'That time was just taken' });
    const choices = within(taken).getAllByRole('button', { name: /with/ });
    expect(choices.map((c) => c.textContent)).toEqual([
      'Tuesday, June 3 at 9:00 AM EDT with Dr. Priya Natarajan',
      'Tuesday, June 3 at 8:00 AM EDT with Marcus Bell',
    ]);
    fireEvent.click(choices[0]!);
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    expect(within(review).getByText('9:00 AM – 9:30 AM EDT')).toBeInTheDocument();
    expect(within(review).getByText('Held for you for 5:00')).toBeInTheDocument();
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: "You're booked" })).toHaveTextContent(
      'Your visit with Dr. Priya Natarajan is on Tuesday, June 3 at 9:00 AM EDT.',
    );
    expect(
      calls
        .filter((c) => c.operation === 'ScheduleAdhocAppointmentV2')
        .map((c) => c.variables.start),
    ).toEqual([NINE]);
  });

  it('a booking refused as taken offers the alternatives too', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: [{ start: EIGHT }],
      bookTaken: true,
      alternatives: ALTERNATIVES,
    });
    const dialog = await openTimes();
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:00 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    const taken = await screen.findByRole('dialog', { name: 'That time was just taken' });
    expect(within(taken).getAllByRole('button', { name: /with/ })).toHaveLength(2);
    fireEvent.click(within(taken).getByRole('button', { name: 'See all times' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a time' })).toBeInTheDocument();
  });

  it('closing the dialog gives the hold back', async () => {
    setNow(NOW);
    const { calls } = renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: [{ start: EIGHT }],
    });
    const dialog = await openTimes();
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:00 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'ReleaseAppointmentHold')?.variables).toEqual({
        id: expect.stringMatching(/^00000000-0000-4000-8000-/) as unknown,
      }),
    );
  });
});

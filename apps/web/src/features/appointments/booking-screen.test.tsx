import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appointment,
  OTHER_PROVIDER,
  renderWithAppointments,
  setNow,
  SLEEP,
  WEIGHT,
} from '../../test/appointments-test-server';
import { BookingScreen } from './booking-screen';

afterEach(() => {
  vi.useRealTimers();
});

const NOW = '2025-06-02T12:00:00Z'; // a Monday: the window opens 24 h ahead

/** Morning slots on Tuesday in New York: 8:00, 8:30 … (count of them). */
function tuesdaySlots(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    start: new Date(Date.parse('2025-06-03T12:00:00Z') + i * 30 * 60_000).toISOString(),
  }));
}

describe('/book-appointment blocking dialogs (spec 01 §4)', () => {
  it('an existing appointment offers reschedule', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, {
      upcoming: [appointment('2025-06-05T14:00:00Z')],
    });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'You already have an appointment' },
      { timeout: 15_000 },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(
      await screen.findByRole('dialog', { name: 'Reschedule appointment' }),
    ).toBeInTheDocument();
  });

  it('no active treatments offers subscribe', async () => {
    renderWithAppointments('/book-appointment', <BookingScreen />, { treatments: [] });
    const dialog = await screen.findByRole('dialog', { name: 'No active treatment' });
    expect(within(dialog).getByRole('link', { name: 'Subscribe to a treatment' })).toBeVisible();
  });

  it('an appointment in progress offers keep appointment', async () => {
    setNow('2025-06-05T14:10:00Z');
    const { router } = renderWithAppointments('/book-appointment', <BookingScreen />, {
      upcoming: [appointment('2025-06-05T14:00:00Z')],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your appointment is in progress' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
  });
});

async function acceptTerms() {
  fireEvent.click(await screen.findByRole('checkbox', { name: /Terms of Service/ }));
  const next = screen.getByRole('button', { name: 'Continue' });
  await waitFor(() => expect(next).toBeEnabled());
  fireEvent.click(next);
}

describe('/book-appointment flow (spec 01 §2, §5)', () => {
  it('contact step: details shown, Continue needs the terms box, no selector for one treatment', async () => {
    setNow(NOW);
    const { calls } = renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: tuesdaySlots(2),
    });
    expect(await screen.findByText('(415) 555-0134')).toBeInTheDocument();
    expect(screen.getByText('01/31/1990')).toBeInTheDocument();
    expect(screen.getByText('NY')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Treatment/ })).toBeNull();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next);
    expect(await screen.findByRole('dialog', { name: 'Choose a time' })).toBeInTheDocument();
    expect(calls.find((c) => c.operation === 'UpsertTosConsent')?.variables).toMatchObject({
      tosStatus: 'accepted',
      marketingContentStatus: 'unsubscribed',
    });
  });

  it('shows the treatment selector when more than one is selectable', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, { treatments: [WEIGHT, SLEEP] });
    expect(await screen.findByRole('combobox', { name: /Treatment/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    // The form has checked the box by now; the treatment is still missing.
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /Terms of Service/ })).toBeChecked(),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('day label, first 3 with See more, review, and A102 back to slot selection', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: [...tuesdaySlots(7), { start: '2025-06-04T12:00:00Z', provider: OTHER_PROVIDER }],
      bookError: 'A102',
    });
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    // 7 on Tuesday: "some"; 1 on Wednesday: "few".
    expect(
      await within(dialog).findByRole('button', { name: /Tue.*Some times/ }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Wed.*Few times/ })).toBeInTheDocument();
    const morning = within(dialog).getByRole('region', { name: 'Morning' });
    expect(within(morning).getAllByRole('button', { name: /AM$/ })).toHaveLength(3);
    fireEvent.click(within(morning).getByRole('button', { name: 'See more' }));
    expect(within(morning).getAllByRole('button', { name: /AM$/ })).toHaveLength(7);

    fireEvent.click(within(morning).getByRole('button', { name: '8:00 AM' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText(/We couldn't book your appointment/)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Choose a time' })).toBeInTheDocument();
  });

  it('closing midway asks to confirm', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, { slots: tuesdaySlots(1) });
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop booking?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stop booking?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Choose a time' })).toBeInTheDocument();
  });
});

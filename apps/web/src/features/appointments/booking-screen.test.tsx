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

/** Chooses the zone the dialog shows times in. */
async function showTimesIn(dialog: HTMLElement, name: RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Show times in' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** The zone the browser reports for the device. */
function deviceZoneIs(timeZone: string) {
  const real = new Intl.DateTimeFormat('en-US').resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...real,
    timeZone,
  });
}

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
    await showTimesIn(dialog, /^Eastern Time \(EDT\)/);
    // 7 on Tuesday: "some"; 1 on Wednesday: "few".
    expect(
      await within(dialog).findByRole('button', { name: /Tue.*Some times open/ }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Wed.*Few times left/ })).toBeInTheDocument();
    const morning = within(dialog).getByRole('region', { name: 'Morning' });
    expect(within(morning).getAllByRole('button', { name: /AM EDT$/ })).toHaveLength(3);
    fireEvent.click(within(morning).getByRole('button', { name: 'See more' }));
    expect(within(morning).getAllByRole('button', { name: /AM EDT$/ })).toHaveLength(7);

    fireEvent.click(within(morning).getByRole('button', { name: '8:00 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    expect(within(review).getByText('8:00 AM – 8:30 AM EDT')).toBeInTheDocument();
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText(/We couldn't book your appointment/)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Choose a time' })).toBeInTheDocument();
  });

  it('any provider: the times and who they are with show before the providers answer (issue 46)', async () => {
    setNow(NOW);
    const { calls } = renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: tuesdaySlots(2),
      providersPending: true,
    });
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:30 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    expect(within(review).getByText('Dr. Priya Natarajan')).toBeInTheDocument();
    // The strip is asked first, the providers once it has answered.
    const asked = calls.map((c) => c.operation);
    expect(asked).toContain('GetAvailableProviders');
    expect(asked.indexOf('GetAvailabilitySummary')).toBeLessThan(
      asked.indexOf('GetAvailableProviders'),
    );
  });

  it('times name the zone; the saved zone is the default, the device’s is offered, another moves them', async () => {
    setNow(NOW);
    deviceZoneIs('America/Chicago');
    renderWithAppointments('/book-appointment', <BookingScreen />, { slots: tuesdaySlots(1) });
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    const zone = within(dialog).getByRole('combobox', { name: 'Show times in' });
    // Issue 43: the customer's saved zone (Eastern) first; the device's is one choice away.
    expect(zone).toHaveTextContent('Eastern Time (EDT)');
    expect(await within(dialog).findByRole('button', { name: '8:00 AM EDT' })).toBeVisible();
    await showTimesIn(dialog, /^Central Time \(CDT\) · this device/);
    expect(await within(dialog).findByRole('button', { name: '7:00 AM CDT' })).toBeVisible();

    await showTimesIn(dialog, /^Pacific Time \(PDT\)/);
    expect(await within(dialog).findByRole('button', { name: '5:00 AM PDT' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: '7:00 AM CDT' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '5:00 AM PDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    expect(within(review).getByText('5:00 AM – 5:30 AM PDT')).toBeInTheDocument();
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    const booked = await screen.findByRole('dialog', { name: "You're booked" });
    expect(booked).toHaveTextContent('on Tuesday, June 3 at 5:00 AM PDT');
  });

  it('the bulk hand-off books with its vial count and subscription (spec 02 §4, §7)', async () => {
    setNow(NOW);
    const subscriptionId = '6f1d3b3e-8d4a-4f55-9a43-0c8b0d6f7a22';
    const { calls } = renderWithAppointments(
      `/book-appointment?treatmentShortId=weightmanagement_bulk&vialCount=4&subscriptionId=${subscriptionId}`,
      <BookingScreen />,
      { slots: tuesdaySlots(1) },
    );
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    await showTimesIn(dialog, /^Eastern Time \(EDT\)/);
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:00 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: "You're booked" })).toBeInTheDocument();
    expect(
      calls.find((c) => c.operation === 'ScheduleAdhocAppointmentV2')?.variables,
    ).toMatchObject({ vialCount: 4, subscriptionId });
  });

  it('a vial count outside the sale table is not sent', async () => {
    setNow(NOW);
    const { calls } = renderWithAppointments(
      '/book-appointment?vialCount=9&subscriptionId=6f1d3b3e-8d4a-4f55-9a43-0c8b0d6f7a22',
      <BookingScreen />,
      { slots: tuesdaySlots(1) },
    );
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    await showTimesIn(dialog, /^Eastern Time \(EDT\)/);
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:00 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: "You're booked" })).toBeInTheDocument();
    expect(
      calls.find((c) => c.operation === 'ScheduleAdhocAppointmentV2')?.variables,
    ).toMatchObject({ vialCount: null, subscriptionId: null });
  });

  it('cancelling the review comes back to the chosen day and time', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, {
      slots: [...tuesdaySlots(2), { start: '2025-06-04T15:00:00Z' }],
    });
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    await showTimesIn(dialog, /^Eastern Time \(EDT\)/);
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Wed/ }));
    const time = await within(dialog).findByRole('button', { name: '11:00 AM EDT' });
    fireEvent.click(time);
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Cancel' }));

    const again = await screen.findByRole('dialog', { name: 'Choose a time' });
    expect(within(again).getByRole('button', { name: /^Wed/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(again).getByRole('button', { name: /^Tue/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() =>
      expect(within(again).getByRole('button', { name: '11:00 AM EDT' })).toHaveFocus(),
    );
  });

  it('the day strip has labelled arrows either side', async () => {
    setNow(NOW);
    renderWithAppointments('/book-appointment', <BookingScreen />, { slots: tuesdaySlots(1) });
    await acceptTerms();
    const dialog = await screen.findByRole('dialog', { name: 'Choose a time' });
    expect(await within(dialog).findByRole('button', { name: 'Earlier days' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Later days' })).toBeVisible();
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

describe('/book-appointment?rescheduleId (spec 01 §2, §4)', () => {
  const VISIT = appointment('2025-06-05T14:00:00Z');
  const REQUEST = {
    id: '00000000-0000-4000-8000-0000000000r1',
    customer_id: '00000000-0000-4000-8000-0000000000c1',
    appointment_id: VISIT.id,
  };

  it('an appointment id opens the reschedule of that appointment', async () => {
    setNow(NOW);
    renderWithAppointments(`/book-appointment?rescheduleId=${VISIT.id}`, <BookingScreen />, {
      upcoming: [VISIT],
      slots: tuesdaySlots(2),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect(dialog).toHaveTextContent('Currently Thursday, June 5 at');
    expect(screen.queryByRole('dialog', { name: 'You already have an appointment' })).toBeNull();
  });

  it('a reschedule request opens its appointment and is marked SCHEDULED once moved', async () => {
    setNow(NOW);
    deviceZoneIs('America/New_York');
    const { calls, router } = renderWithAppointments(
      `/book-appointment?rescheduleId=${REQUEST.id}`,
      <BookingScreen />,
      { upcoming: [VISIT], slots: tuesdaySlots(2), reschedules: [REQUEST] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect(dialog).toHaveTextContent('Currently Thursday, June 5 at 10:00 AM EDT.');
    fireEvent.click(await within(dialog).findByRole('button', { name: '8:30 AM EDT' }));
    const review = await screen.findByRole('dialog', { name: 'Review your visit' });
    fireEvent.click(within(review).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
    expect(calls.find((c) => c.operation === 'RescheduleAppointmentV2')?.variables).toMatchObject({
      appointmentId: VISIT.id,
      start: '2025-06-03T12:30:00.000Z',
    });
    expect(calls.find((c) => c.operation === 'UpdateReschedule')?.variables).toEqual({
      id: REQUEST.id,
      status: 'SCHEDULED',
    });
  });

  it('a request of another customer is not followed, nor is an unknown id', async () => {
    setNow(NOW);
    const { router, calls } = renderWithAppointments(
      `/book-appointment?rescheduleId=${REQUEST.id}`,
      <BookingScreen />,
      {
        upcoming: [VISIT],
        reschedules: [{ ...REQUEST, customer_id: '00000000-0000-4000-8000-0000000000c9' }],
      },
    );
    expect(await screen.findByText(/We couldn't load your appointments/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
    expect(screen.queryByRole('dialog', { name: 'Reschedule appointment' })).toBeNull();
    expect(calls.some((c) => c.operation === 'UpdateReschedule')).toBe(false);
  });

  it('no longer reads appointmentId', async () => {
    setNow(NOW);
    renderWithAppointments(`/book-appointment?appointmentId=${VISIT.id}`, <BookingScreen />, {
      upcoming: [VISIT],
    });
    // Without rescheduleId this is a booking, which the existing visit blocks.
    expect(
      await screen.findByRole('dialog', { name: 'You already have an appointment' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Reschedule appointment' })).toBeNull();
  });
});

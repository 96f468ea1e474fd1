import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointment, renderWithAppointments, setNow } from '../../test/appointments-test-server';
import { AppointmentsScreen } from './appointments-screen';

afterEach(() => {
  vi.useRealTimers();
});

const START = '2025-06-02T14:00:00Z'; // 10:00 in New York (the customer's zone)

describe('/appointments (spec 01 §2, §4)', () => {
  it('shows the card in the customer’s zone with Reschedule and Add to Calendar, no Join yet', async () => {
    setNow('2025-06-01T12:00:00Z');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
    });
    const card = await screen.findByRole('article', {}, { timeout: 15_000 });
    expect(within(card).getByText('Monday, June 2')).toBeInTheDocument();
    expect(within(card).getByText('10:00 AM – 10:30 AM EDT')).toBeInTheDocument();
    expect(within(card).getByText('Dr. Priya Natarajan')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Reschedule' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add to Calendar' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Join Virtual Visit' })).toBeNull();
  });

  it('headings go in order: a visit’s day is an h2 under the page’s h1, an h3 in the async section', async () => {
    setNow('2025-06-01T12:00:00Z');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
      async: [appointment('2025-06-03T14:00:00Z', { is_async: true })],
    });
    const card = await screen.findByRole(
      'heading',
      { name: 'Monday, June 2' },
      { timeout: 15_000 },
    );
    expect(card.tagName).toBe('H2');
    const section = await screen.findByRole('region', { name: 'Asynchronous visits' });
    expect(within(section).getByRole('heading', { name: 'Tuesday, June 3' }).tagName).toBe('H3');
  });

  it('join window: Join shows from 30 minutes before; Reschedule goes under 1 hour', async () => {
    setNow('2025-06-02T13:30:00Z');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Join Virtual Visit' })).toHaveAttribute(
      'href',
      'https://visit.example.com/natarajan',
    );
    expect(within(card).queryByRole('link', { name: 'Reschedule' })).toBeNull();
  });

  it('a past async visit is under Past only, in its own section', async () => {
    setNow('2025-06-01T12:00:00Z');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      async: [appointment('2025-05-20T14:00:00Z', { is_async: true })],
    });
    expect(await screen.findByText('You have no upcoming appointments.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Asynchronous visits' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    const section = await screen.findByRole('region', { name: 'Asynchronous visits' });
    expect(within(section).getByRole('article')).toHaveTextContent('Tuesday, May 20');
    expect(screen.queryByText('You have no past appointments yet.')).toBeNull();
  });

  it('an async visit still to come is under Upcoming only', async () => {
    setNow('2025-06-01T12:00:00Z');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      async: [appointment('2025-06-03T14:00:00Z', { is_async: true })],
    });
    const section = await screen.findByRole('region', { name: 'Asynchronous visits' });
    expect(within(section).getByRole('article')).toHaveTextContent('Tuesday, June 3');
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('You have no past appointments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Asynchronous visits' })).toBeNull();
  });

  it('the list’s Reschedule names the visit with rescheduleId', async () => {
    setNow('2025-06-01T12:00:00Z');
    const visit = appointment(START);
    renderWithAppointments('/appointments', <AppointmentsScreen />, { upcoming: [visit] });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      `/book-appointment?rescheduleId=${visit.id}`,
    );
  });

  it('shows the no-treatments empty state with a subscribe action', async () => {
    renderWithAppointments('/appointments', <AppointmentsScreen />, { treatments: [] });
    expect(
      await screen.findByText('You need an active treatment plan to book a visit.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore treatments' })).toBeInTheDocument();
  });
});

describe('one zone on the cards (issue 43)', () => {
  function deviceZoneIs(timeZone: string) {
    const real = new Intl.DateTimeFormat('en-US').resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...real,
      timeZone,
    });
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a device elsewhere sees the visit in the customer’s zone and its own clock beside it', async () => {
    setNow('2025-06-01T12:00:00Z');
    deviceZoneIs('America/Los_Angeles');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('10:00 AM – 10:30 AM EDT')).toBeInTheDocument();
    expect(within(card).getByText('· 7:00 AM PDT on this device')).toBeInTheDocument();
  });

  it('a device where the visit falls on another day names that day too', async () => {
    setNow('2025-06-01T12:00:00Z');
    deviceZoneIs('Asia/Tokyo');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment('2025-06-03T02:00:00Z')],
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'Monday, June 2' })).toBeInTheDocument();
    expect(within(card).getByText('10:00 PM – 10:30 PM EDT')).toBeInTheDocument();
    expect(
      within(card).getByText('· Tuesday, June 3, 11:00 AM GMT+9 on this device'),
    ).toBeInTheDocument();
  });

  it('a device in the customer’s zone sees one clock', async () => {
    setNow('2025-06-01T12:00:00Z');
    deviceZoneIs('America/New_York');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
    });
    const card = await screen.findByRole('article');
    expect(within(card).getByText('10:00 AM – 10:30 AM EDT')).toBeInTheDocument();
    expect(within(card).queryByText(/on this device/)).toBeNull();
  });

  it('Show times in moves the cards and saves the choice', async () => {
    setNow('2025-06-01T12:00:00Z');
    deviceZoneIs('America/New_York');
    const { calls } = renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
    });
    const card = await screen.findByRole('article');
    const zone = screen.getByRole('combobox', { name: 'Show times in' });
    expect(zone).toHaveTextContent('Eastern Time (EDT) · this device');
    fireEvent.mouseDown(zone);
    fireEvent.click(await screen.findByRole('option', { name: /^Pacific Time \(PDT\)/ }));
    expect(await within(card).findByText('7:00 AM – 7:30 AM PDT')).toBeInTheDocument();
    expect(within(card).getByText('· 10:00 AM EDT on this device')).toBeInTheDocument();
    expect(calls).toContainEqual({
      operation: 'SetDisplayTimeZone',
      variables: { timeZone: 'America/Los_Angeles', fromDevice: false },
    });
    window.localStorage.clear();
  });

  it('Add to Calendar’s .ics is the server’s file for the visit (the last mail’s)', async () => {
    setNow('2025-06-01T12:00:00Z');
    const content = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSEQUENCE:1\r\nEND:VCALENDAR\r\n';
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ics';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const visit = appointment(START);
    const { calls } = renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [visit],
      calendarFile: { filename: 'appointment.ics', method: 'REQUEST', content },
    });
    const card = await screen.findByRole('article');
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Calendar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Apple Calendar (.ics)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toContainEqual({
      operation: 'GetAppointmentCalendarFile',
      variables: { appointmentId: visit.id },
    });
    expect(await blobs[0]?.text()).toBe(content);
  });

  it('a file the server does not give says so', async () => {
    setNow('2025-06-01T12:00:00Z');
    renderWithAppointments('/appointments', <AppointmentsScreen />, {
      upcoming: [appointment(START)],
    });
    const card = await screen.findByRole('article');
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Calendar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Apple Calendar (.ics)' }));
    expect(
      await screen.findByText("We couldn't get the calendar file. Please try again."),
    ).toBeInTheDocument();
  });
});

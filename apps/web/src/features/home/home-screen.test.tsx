import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomeScreen } from './home-screen';
import { CUSTOMER, renderWithServices, type Answer } from '../../test/render-with-services';

const notification = (over: Record<string, unknown>) => ({
  id: 'n1',
  type: 'notice_payment_due_v1',
  title: 'Title',
  message: null,
  description: null,
  severity: 'info',
  date: new Date().toISOString(),
  status: 'unread',
  shortId: null,
  action: null,
  ...over,
});

function answers(over: Partial<Record<string, unknown>> = {}): Answer {
  const base: Record<string, unknown> = {
    GetCustomerNotifications: { customerNotifications: [] },
    GetLabResultNotifications: { labResultNotifications: [] },
    GetContractExpirationBannerNotifications: { contractExpirationBannerNotifications: [] },
    GetSduiModules: { sduiModules: { home: [] } },
    GetAppointmentPresence: { appointmentsByCustomer: { upcoming: [], previous: [], async: [] } },
    GetProviderMessages: { providerMessages: [] },
    UpdateCustomerNotificationStatus: {
      updateCustomerNotificationStatus: { data: { id: 'n1', status: 'read' } },
    },
    ...over,
  };
  return (operation) => base[operation];
}

const routes = [
  { path: '/', element: <HomeScreen /> },
  { path: '/labs', element: <p>Labs page</p> },
  { path: '/messages/:id', element: <p>Message page</p> },
  { path: '/intake', element: <p>Intake page</p> },
  { path: '/book-appointment', element: <p>Booking page</p> },
  { path: '/forms/side-effect-check-in', element: <p>Check-in page</p> },
];

/** A customer who signed up today and has no plan yet (each test its own id: visits are remembered). */
const newCustomer = (id: string, subscriptions: { id: string; status: string }[] = []) => ({
  ...CUSTOMER,
  id,
  preferred_name: null,
  first_name: 'Sam',
  created_at: new Date().toISOString(),
  subscriptions,
});

async function moduleTitles(): Promise<(string | null)[]> {
  const modules = await screen.findByRole('region', { name: 'Your care' });
  return within(modules)
    .getAllByRole('heading')
    .map((h) => h.textContent);
}

describe('home (spec 01 §2, §4)', () => {
  it('greets by preferred name and lists modules with the rules applied', async () => {
    renderWithServices(routes, { answer: answers() });
    expect(await screen.findByRole('heading', { name: 'Hi, Alex' })).toBeInTheDocument();
    const modules = await screen.findByRole('region', { name: 'Your care' });
    const titles = within(modules)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    // No appointments: the module is hidden; an active subscription allows weight tracking.
    expect(titles).toEqual(['Orders and prescriptions', 'Weight tracker', 'For you', 'My account']);
  });

  it('adds referrals before the last module when eligible', async () => {
    renderWithServices(routes, {
      answer: answers({
        GetAppointmentPresence: {
          appointmentsByCustomer: {
            upcoming: [{ id: 'a1', appointment_requirements: [] }],
            previous: [],
            async: [],
          },
        },
      }),
      flags: { referral_program: true },
    });
    const modules = await screen.findByRole('region', { name: 'Your care' });
    const titles = within(modules)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles.slice(-2)).toEqual(['Refer a friend', 'My account']);
    expect(titles).toContain('Appointments');
  });

  it('shows lab results from GetLabResultNotifications; opening one sets it read, then goes to /labs', async () => {
    const lab = notification({ type: 'lab_result_received_v1', title: 'Lab results are in' });
    const { calls, router } = renderWithServices(routes, {
      answer: answers({
        // The general list carries the lab notice too: it shows once, from the lab read.
        GetCustomerNotifications: { customerNotifications: [lab] },
        GetLabResultNotifications: { labResultNotifications: [lab] },
      }),
    });
    const cards = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.map((c) => c.operation)).toContain('GetLabResultNotifications');
    await userEvent.click(await screen.findByRole('button', { name: 'View lab results' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/labs'));
    expect(calls).toContainEqual({
      operation: 'UpdateCustomerNotificationStatus',
      variables: { id: 'n1', newStatus: 'read' },
    });
  });

  it('a lab notice only in the general list is not shown as a lab result', async () => {
    renderWithServices(routes, {
      answer: answers({
        GetCustomerNotifications: {
          customerNotifications: [
            notification({ type: 'lab_result_received_v1', title: 'Not from the lab read' }),
          ],
        },
      }),
    });
    await screen.findByRole('region', { name: 'Your care' });
    expect(screen.queryByText('Not from the lab read')).not.toBeInTheDocument();
  });

  it('remembers the health coach dismissal, and shows flagged alerts', async () => {
    const flags = {
      health_coach_supported_states: true,
      bulk_disclaimer: true,
      glp1_alert_banner: true,
    };
    const first = renderWithServices(routes, { answer: answers(), flags });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Dismiss health coach offer' }),
    );
    expect(screen.getByRole('region', { name: 'Bulk orders' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About your GLP-1 medication' })).toBeInTheDocument();
    first.unmount();
    renderWithServices(routes, { answer: answers(), flags });
    await screen.findByRole('region', { name: 'Your care' });
    expect(screen.queryByText('Talk to a health coach')).not.toBeInTheDocument();
  });

  it('shows the messaging card with the unread count; its button opens messages/{id}', async () => {
    const { router } = renderWithServices(routes, {
      answer: answers({
        GetProviderMessages: {
          providerMessages: [
            {
              id: 'm2',
              type: 'Dosage update',
              read: false,
              read_on: null,
              displayTime: new Date().toISOString(),
              provider_name: 'Dr. Lee',
              provider_image: null,
              messageSections: [{ name: 'Body', html: '<p>Hello</p>' }],
            },
          ],
        },
      }),
      flags: { 'one-way-messaging': true },
    });
    const card = await screen.findByRole('region', { name: 'Messages from your care team' });
    expect(within(card).getByText('1 unread message')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('link', { name: 'Open message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/m2'));
  });

  it('shows the fallback screen when the data errors', async () => {
    renderWithServices(routes, {
      answer: (operation) => {
        if (operation === 'GetCustomerNotifications' || operation === 'GetSduiModules') {
          throw new Error('down');
        }
        return answers()(operation, {});
      },
    });
    expect(
      await screen.findByRole('heading', { name: "We couldn't load your home page" }),
    ).toBeInTheDocument();
  });

  it('keeps a returning customer on the usual greeting, with no next step', async () => {
    renderWithServices(routes, {
      answer: answers({
        GetAppointmentPresence: {
          appointmentsByCustomer: { upcoming: [], previous: [{ id: 'a0' }], async: [] },
        },
      }),
    });
    expect(await screen.findByText(/Welcome back/)).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Your care' });
    expect(screen.queryByText('Your next step')).not.toBeInTheDocument();
  });
});

describe('the side-effect check-in on home (issue 44)', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const rx = (id: string, createdAt: string, dose: number) => ({
    id,
    created_at: createdAt,
    status: { name: 'Delivered' },
    kit_snapshots: [{ weekly_dose_mg: dose }],
  });
  const inCare = (over: Record<string, unknown>) =>
    answers({
      GetAppointmentPresence: {
        appointmentsByCustomer: { upcoming: [], previous: [{ id: 'a0' }], async: [] },
      },
      ...over,
    });

  it('after a dose change, the next step is the check-in, and it opens the check-in form', async () => {
    const { router } = renderWithServices(routes, {
      answer: inCare({
        GetPrescriptionsByCustomer: {
          prescriptionsByCustomer: [rx('p2', daysAgo(3), 0.5), rx('p1', daysAgo(40), 0.25)],
        },
        SideEffectCheckIns: { intakeSearches: [{ id: 'c1', completed_at: daysAgo(20) }] },
      }),
    });
    const step = await screen.findByRole('region', { name: 'Check in about side effects' });
    expect(within(step).getByText(/Your dose changed/)).toBeInTheDocument();
    await userEvent.click(within(step).getByRole('link', { name: 'Start check-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/side-effect-check-in'));
  });

  it('four weeks after the last check-in it is offered again; not before', async () => {
    const due = renderWithServices(routes, {
      answer: inCare({
        GetPrescriptionsByCustomer: { prescriptionsByCustomer: [rx('p1', daysAgo(90), 0.25)] },
        SideEffectCheckIns: { intakeSearches: [{ id: 'c1', completed_at: daysAgo(29) }] },
      }),
    });
    expect(
      await screen.findByRole('region', { name: 'Time for your side-effect check-in' }),
    ).toBeInTheDocument();
    due.unmount();

    renderWithServices(routes, {
      answer: inCare({
        GetPrescriptionsByCustomer: { prescriptionsByCustomer: [rx('p1', daysAgo(90), 0.25)] },
        SideEffectCheckIns: { intakeSearches: [{ id: 'c1', completed_at: daysAgo(10) }] },
      }),
    });
    await screen.findByRole('region', { name: 'Your care' });
    expect(screen.queryByText('Your next step')).not.toBeInTheDocument();
  });
});

describe('a first-time customer (issue 9)', () => {
  it('is greeted as a first visit, sees one next step (start the intake) and no modules that do not apply', async () => {
    renderWithServices(routes, {
      answer: answers(),
      customer: newCustomer('first-1'),
      flags: { referral_program: true },
    });
    expect(await screen.findByRole('heading', { name: 'Hi, Sam' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to your care portal/)).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    const step = await screen.findByRole('region', { name: 'Start your intake' });
    expect(within(step).getByRole('link', { name: 'Start intake' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https?:/),
    );
    expect(screen.getAllByText('Your next step')).toHaveLength(1);
    // No plan: no referrals (even with the program on), no orders, no weight tracker.
    expect(await moduleTitles()).toEqual(['For you', 'My account']);
  });

  it('with a plan and no visit yet, the next step books the first visit', async () => {
    const { router } = renderWithServices(routes, {
      answer: answers(),
      customer: newCustomer('first-2', [{ id: 's1', status: 'active' }]),
    });
    const step = await screen.findByRole('region', { name: 'Book your first visit' });
    await userEvent.click(within(step).getByRole('link', { name: 'Book a visit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book-appointment'));
  });

  it('an unfinished intake of a booked visit comes first', async () => {
    renderWithServices(routes, {
      answer: answers({
        GetAppointmentPresence: {
          appointmentsByCustomer: {
            upcoming: [
              {
                id: 'a1',
                appointment_requirements: [
                  { requirement_type: 'intake', completed: false, link: '/forms/intake' },
                  { requirement_type: 'typeform_dl', completed: false, link: '/id-verification' },
                ],
              },
            ],
            previous: [],
            async: [],
          },
        },
      }),
      customer: newCustomer('first-3', [{ id: 's1', status: 'active' }]),
    });
    const step = await screen.findByRole('region', { name: 'Finish your intake' });
    expect(within(step).getByRole('link', { name: 'Finish intake' })).toHaveAttribute(
      'href',
      '/intake',
    );
    expect(screen.queryByRole('region', { name: 'Book your first visit' })).not.toBeInTheDocument();
  });

  it('a non_renewing plan counts as active: weight tracker and referrals show', async () => {
    renderWithServices(routes, {
      answer: answers(),
      customer: { ...CUSTOMER, subscriptions: [{ id: 's1', status: 'non_renewing' }] },
      flags: { referral_program: true },
    });
    expect(await moduleTitles()).toEqual([
      'Orders and prescriptions',
      'Weight tracker',
      'For you',
      'Refer a friend',
      'My account',
    ]);
  });
});

describe('home says each thing once (issue 9)', () => {
  it('the new-message notice does not repeat the messages card', async () => {
    renderWithServices(routes, {
      answer: answers({
        GetCustomerNotifications: {
          customerNotifications: [
            notification({
              id: 'msg-notice',
              type: 'provider_message_received_v1',
              title: 'New message from your care team',
              action: { label: 'Read it', url: '/messages/m2' },
            }),
            notification({ id: 'pay', title: 'Payment due' }),
          ],
        },
      }),
      flags: { 'one-way-messaging': true },
    });
    await screen.findByRole('region', { name: 'Messages from your care team' });
    const cards = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(cards).getByText('Payment due')).toBeInTheDocument();
    expect(screen.queryByText('New message from your care team')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomeScreen } from './home-screen';
import { renderWithServices, type Answer } from '../../test/render-with-services';

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
];

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
          appointmentsByCustomer: { upcoming: [{ id: 'a1' }], previous: [], async: [] },
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

  it('opens a lab result: sets it read, then goes to /labs', async () => {
    const { calls, router } = renderWithServices(routes, {
      answer: answers({
        GetCustomerNotifications: {
          customerNotifications: [
            notification({ type: 'lab_result_received_v1', title: 'Lab results are in' }),
          ],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'View lab results' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/labs'));
    expect(calls).toContainEqual({
      operation: 'UpdateCustomerNotificationStatus',
      variables: { id: 'n1', newStatus: 'read' },
    });
  });

  it('dismissing the regulation banner completes it; plan expiration is stored locally', async () => {
    const { calls } = renderWithServices(routes, {
      answer: answers({
        GetCustomerNotifications: {
          customerNotifications: [
            notification({ id: 'reg', type: 'banner_regulation_message_v1', message: 'New rules' }),
          ],
        },
        GetContractExpirationBannerNotifications: {
          contractExpirationBannerNotifications: [
            {
              contract_end_date: '2026-12-31',
              subscription_id: 's1',
              notification: { id: 'exp', title: 'Plan ending', message: null, status: 'unread' },
            },
          ],
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss Important notice' }));
    expect(calls).toContainEqual({
      operation: 'UpdateCustomerNotificationStatus',
      variables: { id: 'reg', newStatus: 'completed' },
    });
    expect(screen.getByText('Plan ending: your plan ends on 12/31/2026.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Plan expiration' }));
    expect(localStorage.getItem('portal.home.plan-expiration-dismissed.exp')).toBe('true');
    expect(calls.filter((c) => c.operation === 'UpdateCustomerNotificationStatus')).toHaveLength(1);
    expect(screen.queryByText(/your plan ends on/)).not.toBeInTheDocument();
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
    expect(within(card).getByText('1 unread')).toBeInTheDocument();
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
});

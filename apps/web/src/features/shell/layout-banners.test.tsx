import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices, type Answer } from '../../test/render-with-services';
import { ShellLayout } from './shell-layout';

const regulation = {
  id: 'reg',
  type: 'banner_regulation_message_v1',
  title: 'Regulation',
  message: 'New rules apply from June.',
  description: null,
  severity: 'info',
  date: new Date().toISOString(),
  status: 'unread',
  shortId: null,
  action: null,
};

function answers(): Answer {
  const base: Record<string, unknown> = {
    GetCustomerNotifications: { customerNotifications: [regulation] },
    GetLabResultNotifications: { labResultNotifications: [] },
    GetContractExpirationBannerNotifications: {
      contractExpirationBannerNotifications: [
        {
          contract_end_date: '2026-12-31',
          subscription_id: 's1',
          notification: { id: 'exp', title: 'Plan ending', message: null, status: 'unread' },
        },
      ],
    },
    UpdateCustomerNotificationStatus: {
      updateCustomerNotificationStatus: { data: { id: 'reg', status: 'action_completed' } },
    },
  };
  return (operation) => base[operation];
}

const routes = [
  {
    path: '/appointments',
    element: (
      <ShellLayout>
        <h1>Appointments page</h1>
      </ShellLayout>
    ),
  },
];

describe('layout banners (spec 01 §2, §4; issue 9)', () => {
  it('sit above the content of a page other than home, before the main landmark', async () => {
    renderWithServices(routes, { path: '/appointments', answer: answers() });
    const heading = await screen.findByRole('heading', { name: 'Appointments page' });
    const notice = await screen.findByRole('region', { name: 'Important notice' });
    const plan = screen.getByRole('region', { name: 'Plan expiration' });
    expect(within(notice).getByText('New rules apply from June.')).toBeInTheDocument();
    expect(
      within(plan).getByText('Plan ending. Last day of your plan: 12/31/2026.'),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toContainElement(heading);
    expect(main).not.toContainElement(notice);
    // Above the content: the banner comes first in document order.
    expect(notice.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('dismissing the regulation banner completes it; plan expiration is stored locally', async () => {
    const { calls } = renderWithServices(routes, { path: '/appointments', answer: answers() });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss Important notice' }));
    expect(calls).toContainEqual({
      operation: 'UpdateCustomerNotificationStatus',
      variables: { id: 'reg', newStatus: 'completed' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Plan expiration' }));
    expect(localStorage.getItem('portal.home.plan-expiration-dismissed.exp')).toBe('true');
    expect(calls.filter((c) => c.operation === 'UpdateCustomerNotificationStatus')).toHaveLength(1);
    expect(screen.queryByText(/Last day of your plan/)).not.toBeInTheDocument();
  });

  it('holds the page until the banners have answered, so a banner never pushes it down (issue 46)', async () => {
    const base = answers();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderWithServices(routes, {
      path: '/appointments',
      answer: (operation, variables) =>
        operation === 'GetCustomerNotifications'
          ? held.then(() => base(operation, variables))
          : base(operation, variables),
    });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Appointments page' })).not.toBeInTheDocument();
    release();
    const heading = await screen.findByRole('heading', { name: 'Appointments page' });
    // The banner is already there when the page first shows.
    expect(screen.getByRole('region', { name: 'Important notice' })).toBeInTheDocument();
    expect(heading).toBeInTheDocument();
  });

  it('does not hold the page through the retries of a failed banner query', async () => {
    const base = answers();
    renderWithServices(routes, {
      path: '/appointments',
      answer: (operation, variables) => {
        if (operation === 'GetContractExpirationBannerNotifications') throw new Error('down');
        return base(operation, variables);
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Appointments page' }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Important notice' })).toBeInTheDocument();
  });
});

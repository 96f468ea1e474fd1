import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CUSTOMER, renderWithServices } from '../../test/render-with-services';
import { RequireReferralEligibility } from './require-referral-eligibility';

const routes = [
  { path: '/', element: <p>Home page</p> },
  {
    path: '/referrals',
    element: (
      <RequireReferralEligibility>
        <p>Referrals page</p>
      </RequireReferralEligibility>
    ),
  },
];

const withPlan = (status: string) => ({ ...CUSTOMER, subscriptions: [{ id: 's1', status }] });

describe('/referrals only with referral eligibility (spec 01 §2, §6)', () => {
  it('opens for the flag and an active or non_renewing plan', async () => {
    for (const status of ['active', 'non_renewing']) {
      const view = renderWithServices(routes, {
        path: '/referrals',
        answer: () => undefined,
        customer: withPlan(status),
        flags: { referral_program: true },
      });
      expect(await screen.findByText('Referrals page')).toBeInTheDocument();
      view.unmount();
    }
  });

  it('sends home without the flag, or without an active plan', async () => {
    const cases = [
      { flags: { referral_program: false }, customer: withPlan('active') },
      { flags: { referral_program: true }, customer: withPlan('cancelled') },
      { flags: { referral_program: true }, customer: { ...CUSTOMER, subscriptions: [] } },
    ];
    for (const { flags, customer } of cases) {
      const { router, unmount } = renderWithServices(routes, {
        path: '/referrals',
        answer: () => undefined,
        customer,
        flags,
      });
      expect(await screen.findByText('Home page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      unmount();
    }
  });
});

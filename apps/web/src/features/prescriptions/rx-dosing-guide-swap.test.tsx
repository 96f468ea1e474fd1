import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEATURE_FLAGS } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER, renderWithServices } from '../../test/render-with-services';
import { answerTreatment, prescription } from '../../test/treatment-test-server';
import { PHENTERMINE_MONTHLY_ITEM_PRICE_ID } from './dosing-guide-swap';
import { PrescriptionsScreen } from './prescriptions-screen';
import { RxDetailsScreen } from './rx-details-screen';

// Spec 02 §9: with dosing_guide_route on, the weight-loss dosing PDF gives way to the local
// GLP-1 dosing guide, except on the phentermine monthly plan.

const NAME = 'Semaglutide (compounded) 2.5 mg/ml';

function plans(itemPriceId: string) {
  return {
    activeTreatments: [{ id: 't1', shortId: 'weightmanagement' }],
    treatmentConfiguration: [
      { TreatmentShortId: 'weightmanagement', TreatmentCategory: 'weightloss' },
    ],
    customer: {
      id: CUSTOMER.id,
      subscriptions: [
        { id: 's1', treatment_id: 't1', subscription_items: [{ item_price_id: itemPriceId }] },
      ],
    },
  };
}

async function openResources(itemPriceId: string, flagOn = true) {
  const view = renderWithServices(
    [
      { path: '/prescriptions', element: <PrescriptionsScreen /> },
      { path: '/rx-details', element: <RxDetailsScreen /> },
    ],
    {
      path: '/prescriptions',
      customer: CUSTOMER,
      flags: { [FEATURE_FLAGS.dosingGuideRoute]: flagOn },
      answer: (name, vars) =>
        name === 'GetDosingGuidePlans'
          ? plans(itemPriceId)
          : answerTreatment(name, { prescriptions: [prescription()] }, vars),
    },
  );
  await userEvent.click(await screen.findByRole('link', { name: `View details of ${NAME}` }));
  await screen.findByRole('heading', { level: 1, name: NAME });
  return { ...view, resources: screen.getByRole('region', { name: 'Resources' }) };
}

describe('/rx-details dosing guide swap (spec 02 §9)', () => {
  it('links the local GLP-1 dosing guide instead of the PDF on a GLP-1 plan', async () => {
    const { resources } = await openResources('weightmanagement-monthly-USD');
    expect(
      await within(resources).findByRole('link', { name: 'Open the GLP-1 dosing guide' }),
    ).toHaveAttribute('href', '/bulk-dosage-guide');
    expect(within(resources).queryByRole('link', { name: /opens in a new tab/ })).toBeNull();
  });

  it('keeps the PDF on the phentermine monthly plan', async () => {
    const { resources, calls } = await openResources(PHENTERMINE_MONTHLY_ITEM_PRICE_ID);
    await vi.waitFor(() =>
      expect(calls.some((c) => c.operation === 'GetDosingGuidePlans')).toBe(true),
    );
    expect(
      within(resources).getByRole('link', { name: 'GLP-1 dosing guide (opens in a new tab)' }),
    ).toHaveAttribute('href', '/media/glp1-dosing-guide.pdf');
    expect(
      within(resources).queryByRole('link', { name: 'Open the GLP-1 dosing guide' }),
    ).toBeNull();
  });

  it('keeps the PDF with the flag off, and does not ask for the plans', async () => {
    const { resources, calls } = await openResources('weightmanagement-monthly-USD', false);
    expect(
      within(resources).getByRole('link', { name: 'GLP-1 dosing guide (opens in a new tab)' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.operation === 'GetDosingGuidePlans')).toBe(false);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Prescription } from '../../lib/treatment/use-prescriptions';
import { prescription, renderWithTreatment } from '../../test/treatment-test-server';
import { PrescriptionsScreen } from './prescriptions-screen';
import { RxDetailsScreen } from './rx-details-screen';

// Spec 02 §2: /rx-details is reached from the list, the prescription handed over.
function openDetails(prescriptions: Prescription[] | (() => Prescription[]), name: string) {
  const view = renderWithTreatment('/prescriptions', <PrescriptionsScreen />, { prescriptions }, [
    { path: '/rx-details', element: <RxDetailsScreen /> },
  ]);
  return {
    ...view,
    open: async () => {
      await userEvent.click(await screen.findByRole('link', { name: `View details of ${name}` }));
      await screen.findByRole('heading', { level: 1, name });
    },
  };
}

const NAME = 'Semaglutide (compounded) 2.5 mg/ml';

describe('/rx-details (spec 02 §2)', () => {
  it('shows the items, the tracker, and the dose in mg and syringe units', async () => {
    const { open, router } = openDetails([prescription()], NAME);
    await open();
    expect(router.state.location.pathname).toBe('/rx-details');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText(NAME)).toBeInTheDocument();
    expect(within(items).getByText('Injection supplies')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Shipment progress' })).toBeInTheDocument();
    const dosing = screen.getByRole('region', { name: 'Dosing instructions' });
    expect(within(dosing).getByText('0.25 mg = 10 units')).toBeInTheDocument();
    expect(within(dosing).getByText('on a U-100 syringe at 2.5 mg/ml')).toBeInTheDocument();
    expect(within(dosing).getByText(/Inject 0.25 mg under the skin/)).toBeInTheDocument();
    // Supplies are not dosing instructions.
    expect(within(dosing).queryByText(/new syringe/)).toBeNull();
    const supplies = screen.getByRole('region', { name: 'Supplies' });
    expect(within(supplies).getByText('Injection supplies')).toBeInTheDocument();
    expect(within(supplies).queryByText(NAME)).toBeNull();
  });

  it('keeps patient name, date of birth and provider in the details accordion', async () => {
    const { open } = openDetails([prescription()], NAME);
    await open();
    const summary = screen.getByRole('button', { name: 'Prescription details' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(summary);
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Alejandro Rivera')).toBeVisible();
    expect(screen.getByText('04/12/1986')).toBeVisible();
    expect(screen.getByText('Dr. Priya Natarajan')).toBeVisible();
  });

  it('lists resources: reference image, dosing PDF and a video that plays in a dialog', async () => {
    const { open } = openDetails([prescription()], NAME);
    await open();
    const resources = screen.getByRole('region', { name: 'Resources' });
    expect(
      within(resources).getByRole('img', { name: 'A 2.5 ml semaglutide vial with its label' }),
    ).toHaveAttribute('src', '/media/semaglutide-vial.svg');
    expect(
      within(resources).getByRole('link', { name: 'GLP-1 dosing guide (opens in a new tab)' }),
    ).toHaveAttribute('href', '/media/glp1-dosing-guide.pdf');
    await userEvent.click(
      within(resources).getByRole('button', {
        name: 'Play video: How to draw and inject your weekly dose',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'How to draw and inject your weekly dose',
    });
    expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/demo',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no tracker for a cancelled prescription', async () => {
    const { open } = openDetails(
      [
        prescription({
          show_tracker: false,
          status: { name: 'cancelled', display_name: 'Cancelled' },
        }),
      ],
      NAME,
    );
    await open();
    expect(screen.queryByRole('list', { name: 'Shipment progress' })).toBeNull();
    expect(screen.getByText(/This prescription was cancelled/)).toBeInTheDocument();
  });

  it('follows the prescription as it changes while open (a new carrier scan)', async () => {
    let current = prescription();
    const { open, queryClient } = openDetails(() => [current], NAME);
    await open();
    current = prescription({
      status: { name: 'outForDelivery', display_name: 'Out for Delivery' },
      shipping_status: {
        ...prescription().shipping_status!,
        stage: 'outForDelivery',
        status: 'out_for_delivery',
        steps: [
          { stage: 'inProgress', state: 'done' },
          { stage: 'shipped', state: 'done' },
          { stage: 'outForDelivery', state: 'current' },
          { stage: 'delivered', state: 'upcoming' },
        ],
      },
    });
    await queryClient.invalidateQueries({ queryKey: ['prescriptions'] });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Shipment progress' }))
          .getAllByRole('listitem')
          .find((li) => li.getAttribute('aria-current') === 'step'),
      ).toHaveTextContent('Out for Delivery (current step)'),
    );
    expect(screen.getByLabelText('Status: Out for Delivery')).toBeInTheDocument();
  });

  it('sends a visit without a handed-over prescription back to /prescriptions', async () => {
    const { router } = renderWithTreatment(
      '/rx-details',
      <RxDetailsScreen />,
      { prescriptions: [prescription()] },
      [{ path: '/prescriptions', element: <p>Prescriptions list</p> }],
    );
    expect(await screen.findByText('Prescriptions list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prescriptions');
  });
});

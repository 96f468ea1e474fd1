import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { prescription, renderWithTreatment, shipment } from '../../test/treatment-test-server';
import { PrescriptionsScreen } from './prescriptions-screen';

const render = (fixtures: Parameters<typeof renderWithTreatment>[2]) =>
  renderWithTreatment('/prescriptions', <PrescriptionsScreen />, fixtures);

const card = async (name: string) => screen.findByRole('article', { name });

describe('/prescriptions (spec 02 §2)', () => {
  it('shows skeletons, then each prescription with its status and tracker at the current stage', async () => {
    const { calls } = render({ prescriptions: [prescription()] });
    expect(screen.getByLabelText('Loading your prescriptions')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    expect(within(rx).getByLabelText('Status: In Transit')).toBeInTheDocument();
    const steps = within(rx).getByRole('list', { name: 'Shipment progress' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'In Progress (done)',
      'Shipped (current step)',
      'Out for Delivery',
      'Delivered',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items.filter((li) => li.hasAttribute('aria-current'))).toHaveLength(1);
    // Spec 02 §7: prescriptions by customer, for the signed-in customer.
    expect(calls.find((c) => c.operation === 'GetPrescriptionsByCustomer')?.variables).toEqual({
      customerId: 'c1',
    });
  });

  it('names the carrier and links to its tracking page in a new tab', async () => {
    render({ prescriptions: [prescription()] });
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    expect(within(rx).getByText('Shipped with USPS')).toBeInTheDocument();
    expect(within(rx).getByText('Tracking number 9400 1118 99')).toBeInTheDocument();
    const link = within(rx).getByRole('link', { name: /Track with USPS/ });
    expect(link).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201118%2099',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName('Track with USPS (opens in a new tab)');
  });

  it('opens the timeline: pharmacy steps, then carrier scans, in the catalogue’s words', async () => {
    render({ prescriptions: [prescription()] });
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    const toggle = within(rx).getByRole('button', { name: 'Show shipment history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide shipment history');
    const history = within(rx).getByRole('list', { name: 'Shipment history' });
    const events = within(history).getAllByRole('listitem');
    expect(events.map((e) => within(e).getAllByText(/./)[0]?.textContent)).toEqual([
      'Processed',
      'In transit',
    ]);
    expect(within(events[0]!).getByText('Pharmacy')).toBeInTheDocument();
    expect(within(events[1]!).getByText('Carrier')).toBeInTheDocument();
    expect(within(events[1]!).getByText(/Oakland, CA/)).toBeInTheDocument();
  });

  it('explains a warning state in words and says when a parcel has not been scanned for days', async () => {
    render({
      prescriptions: [
        prescription({
          shipping_status: shipment('outForDelivery', 'delivery_attempted', {
            warning: true,
            stalled_days: 4,
          }),
        }),
      ],
    });
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    expect(
      within(rx).getByText(/The carrier tried to deliver your order but couldn't/),
    ).toBeInTheDocument();
    expect(within(rx).getByText(/No scan for 4 days/)).toBeInTheDocument();
    const current = within(rx)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'step');
    expect(current).toHaveTextContent('Out for Delivery (current step)');
  });

  it('shows the empty-state message in the tracker when there is no order yet', async () => {
    render({
      prescriptions: [
        prescription({
          shipping_status: null,
          status: { name: 'received', display_name: 'Received' },
        }),
      ],
    });
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    expect(within(rx).getByText(/There are no orders to track yet/)).toBeInTheDocument();
    expect(within(rx).queryByRole('list', { name: 'Shipment progress' })).not.toBeInTheDocument();
  });

  it('has no tracker for a cancelled prescription or one written before 2024-05-15, and says why', async () => {
    render({
      prescriptions: [
        prescription({
          id: 'cancelled',
          show_tracker: false,
          status: { name: 'cancelled', display_name: 'Cancelled' },
          kit_snapshots: [{ ...prescription().kit_snapshots[0]!, catalog_name: 'Dose change' }],
        }),
        prescription({
          id: 'old',
          created_at: '2024-03-04T18:20:00Z',
          show_tracker: false,
          status: { name: 'delivered', display_name: 'Delivered' },
          kit_snapshots: [{ ...prescription().kit_snapshots[0]!, catalog_name: 'Old refill' }],
        }),
      ],
    });
    const cancelled = await card('Dose change');
    expect(within(cancelled).queryByRole('list', { name: 'Shipment progress' })).toBeNull();
    expect(within(cancelled).getByText(/This prescription was cancelled/)).toBeInTheDocument();
    const old = await card('Old refill');
    expect(within(old).queryByRole('list', { name: 'Shipment progress' })).toBeNull();
    expect(within(old).getByText(/before May 15, 2024/)).toBeInTheDocument();
    expect(within(old).getByText(/Written 03\/04\/2024/)).toBeInTheDocument();
  });

  it('shows the medication runway: doses left and the date the refill must ship', async () => {
    render({
      prescriptions: [
        prescription({
          runway: {
            doses_left: 3,
            doses_taken: 7,
            doses_total: 10,
            refill_due_on: '2026-04-20',
            refill_must_ship_by: '2026-04-15',
            refill_urgent: true,
            runs_out_on: '2026-04-20',
          },
        }),
      ],
    });
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    expect(within(rx).getByText('3 weekly doses left')).toBeInTheDocument();
    expect(within(rx).getByText(/needs to ship by 04\/15\/2026/)).toBeInTheDocument();
    expect(within(rx).getByRole('progressbar', { name: '3 of 10 doses left' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(within(rx).getByText(/Your refill needs to ship soon/)).toBeInTheDocument();
  });

  it('shows the empty state with one action when there are no prescriptions', async () => {
    render({ prescriptions: [] });
    expect(await screen.findByText(/You don't have any prescriptions yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your appointments' })).toHaveAttribute(
      'href',
      '/appointments',
    );
  });

  it('shows P100 when prescriptions cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { calls } = renderWithTreatment('/prescriptions', <PrescriptionsScreen />, {
      get prescriptionsError() {
        return fail ? 'P100' : undefined;
      },
      prescriptions: [prescription()],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your prescriptions");
    expect(alert).toHaveTextContent('P100');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Semaglutide (compounded) 2.5 mg/ml')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.operation === 'GetPrescriptionsByCustomer').length).toBe(3),
    );
  });

  it('offers the side-effect check-in when it is due, and not after a recent one (issue 44)', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const onTreatment = [prescription({ created_at: daysAgo(60) })];
    const due = render({ prescriptions: onTreatment, checkIns: [daysAgo(30)] });
    const card = await screen.findByRole('region', {
      name: 'Time for your four-weekly side-effect check-in',
    });
    await userEvent.click(within(card).getByRole('link', { name: 'Start check-in' }));
    expect(await screen.findByRole('main', { name: 'elsewhere' })).toBeInTheDocument();
    expect(due.router.state.location.pathname).toBe('/forms/side-effect-check-in');
    due.unmount();

    const recent = render({ prescriptions: onTreatment, checkIns: [daysAgo(5)] });
    await screen.findAllByRole('article');
    await waitFor(() =>
      expect(recent.calls.some((c) => c.operation === 'SideEffectCheckIns')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Start check-in' })).toBeNull();
  });

  it('paints the check-in offer with the list, never above it later (issue 46: CLS)', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const onTreatment = [prescription({ created_at: daysAgo(60) })];
    const due = render({ prescriptions: onTreatment, checkIns: [daysAgo(30)] });
    // The first render that shows a prescription already holds the offer above it.
    const rx = await card('Semaglutide (compounded) 2.5 mg/ml');
    const offer = screen.getByRole('region', {
      name: 'Time for your four-weekly side-effect check-in',
    });
    expect(offer.compareDocumentPosition(rx) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(due.calls.map((c) => c.operation)).toContain('SideEffectCheckIns');
    due.unmount();

    // A failed read of the check-ins shows the list without the offer, not a skeleton forever.
    render({ prescriptions: onTreatment, checkInsError: 'F100' });
    expect(await card('Semaglutide (compounded) 2.5 mg/ml')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start check-in' })).toBeNull();
  });
});

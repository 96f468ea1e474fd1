import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prescription, renderWithTreatment, shipment } from '../../test/treatment-test-server';
import { ModuleCard } from './module-cards';

describe('home orders module (spec 01 §2)', () => {
  it("shows the latest shipment's stage", async () => {
    renderWithTreatment('/', <ModuleCard module="orders" />, {
      prescriptions: [
        prescription({
          id: 'new',
          shipping_status: shipment('outForDelivery', 'out_for_delivery'),
        }),
        prescription({
          id: 'old',
          created_at: '2025-12-01T00:00:00Z',
          shipping_status: shipment('delivered', 'delivered'),
        }),
      ],
    });
    expect(await screen.findByText('Latest shipment: Out for Delivery')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Orders and prescriptions/ })).toHaveAttribute(
      'href',
      '/prescriptions',
    );
  });

  it('keeps its usual line when nothing has shipped', async () => {
    const { calls } = renderWithTreatment('/', <ModuleCard module="orders" />, {
      prescriptions: [prescription({ shipping_status: null })],
    });
    await waitFor(() =>
      expect(calls.some((c) => c.operation === 'GetPrescriptionsByCustomer')).toBe(true),
    );
    // Let the answer land: the line stays, as nothing is in flight.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Track your orders and shipments.')).toBeInTheDocument();
    expect(screen.queryByText(/Latest shipment/)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { latestShipment } from './latest-shipment';
import type { Prescription, Shipment } from './use-prescriptions';

const shipment = (id: string): Shipment => ({
  id,
  carrier: 'usps',
  tracking_number: '1',
  tracking_url: null,
  shipped_at: null,
  delivered_at: null,
  stage: 'shipped',
  status: 'in_transit',
  warning: false,
  stalled_days: null,
  steps: [],
  events: [],
});

const prescription = (
  id: string,
  createdAt: string,
  overrides: Partial<Prescription> = {},
): Prescription =>
  ({
    id,
    created_at: createdAt,
    show_tracker: true,
    shipping_status: shipment(`s-${id}`),
    ...overrides,
  }) as Prescription;

describe('latestShipment (spec 01 §2: the home orders module shows the latest shipment)', () => {
  it("takes the newest prescription's shipment, whatever the order it arrives in", () => {
    const older = prescription('old', '2026-01-01T00:00:00Z');
    const newer = prescription('new', '2026-03-01T00:00:00Z');
    expect(latestShipment([older, newer])?.shipment.id).toBe('s-new');
  });

  it('skips prescriptions without a shipment or without the tracker (cancelled, before 2024-05-15)', () => {
    const shipped = prescription('shipped', '2026-01-01T00:00:00Z');
    const unshipped = prescription('unshipped', '2026-03-01T00:00:00Z', { shipping_status: null });
    const cancelled = prescription('cancelled', '2026-02-01T00:00:00Z', { show_tracker: false });
    expect(latestShipment([unshipped, cancelled, shipped])?.prescription.id).toBe('shipped');
  });

  it('is null with no shipments at all', () => {
    expect(latestShipment([])).toBeNull();
    expect(
      latestShipment([prescription('a', '2026-01-01T00:00:00Z', { shipping_status: null })]),
    ).toBeNull();
  });
});

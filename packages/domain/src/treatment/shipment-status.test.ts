import { describe, expect, it } from 'vitest';
import { PRESCRIPTION_SNACKBAR_STATUSES, SHIPMENT_STAGES } from '../vocabularies';
import {
  PRESCRIPTION_STATUS_DISPLAY_NAMES,
  SHIPMENT_STAGE_DISPLAY_NAMES,
  SHIPMENT_STATUSES,
  normalizeShipmentStatus,
  shipmentStage,
  showsShippingTracker,
  trackerSteps,
} from './shipment-status';

// Spec 02 §4, "Shipment status to tracker stage", row by row, spelled as the spec spells them.
const SPEC_ROWS: [status: string, stage: string, warning: boolean][] = [
  ['Delivered', 'delivered', false],
  ['Label Created', 'shipped', false],
  ['Shipped', 'shipped', false],
  ['In Transit', 'shipped', false],
  ['Out for Delivery', 'outForDelivery', false],
  ['Delivery Attempted', 'outForDelivery', true],
  ['Awaiting Patient Pickup', 'outForDelivery', true],
  ['Weather Delay', 'outForDelivery', true],
  ['weather delays', 'outForDelivery', true],
  ['Address Exception', 'outForDelivery', true],
  ['Return to Sender', 'outForDelivery', true],
  ['Delayed', 'outForDelivery', true],
  ['Delayed by Carrier', 'outForDelivery', true],
  ['Cancelled/Voided by Carrier', 'outForDelivery', true],
  ['Exception Other/Damaged', 'outForDelivery', true],
  ['Processed', 'inProgress', false],
  ['inProgress', 'inProgress', false],
  ['Ready for Process', 'inProgress', false],
  ['Ready for API', 'inProgress', false],
  ['Ready for PDF', 'inProgress', false],
  ['Pending Customer Confirmation', 'inProgress', false],
];

describe('spec 02 §4: shipment status to tracker stage', () => {
  it.each(SPEC_ROWS)('%s goes to %s (warning: %s)', (status, stage, warning) => {
    const info = shipmentStage(status);
    expect(info.status).not.toBeNull();
    expect(info.stage).toBe(stage);
    expect(info.warning).toBe(warning);
  });

  it.each(['Unknown', 'something new', '', null, undefined])(
    'anything else (%s) goes to In Progress, not flagged',
    (status) => {
      expect(shipmentStage(status)).toEqual({
        status: null,
        stage: 'inProgress',
        warning: false,
        source: 'pharmacy',
      });
    },
  );

  it.each([
    ['OUT_FOR_DELIVERY', 'out_for_delivery'],
    ['outForDelivery', 'out_for_delivery'],
    ['out-for-delivery', 'out_for_delivery'],
    ['pre_transit', 'label_created'],
    ['available_for_pickup', 'awaiting_patient_pickup'],
    ['return_to_sender', 'return_to_sender'],
    ['failure', 'exception'],
    ['cancelled', 'cancelled_by_carrier'],
  ])('a tracking service spelling %s reads as %s', (raw, code) => {
    expect(normalizeShipmentStatus(raw)).toBe(code);
  });

  it('every code of ours lands in one of the four stages; every stage is reached', () => {
    const reached = new Set(SHIPMENT_STATUSES.map((s) => shipmentStage(s).stage));
    expect([...reached].sort()).toEqual([...SHIPMENT_STAGES].sort());
  });

  it('pharmacy statuses are all In Progress; carrier statuses never are', () => {
    for (const code of SHIPMENT_STATUSES) {
      const info = shipmentStage(code);
      expect(info.source === 'pharmacy').toBe(info.stage === 'inProgress');
    }
  });
});

describe('spec 02 §3, §4: display names', () => {
  it.each(PRESCRIPTION_SNACKBAR_STATUSES.map((s) => [s]))('%s has a display name', (status) => {
    expect(PRESCRIPTION_STATUS_DISPLAY_NAMES[status].trim()).not.toBe('');
  });

  it('spec 01 §2: the home order statuses are the tracker stages, in order', () => {
    expect(SHIPMENT_STAGES.map((s) => SHIPMENT_STAGE_DISPLAY_NAMES[s])).toEqual([
      'In Progress',
      'Shipped',
      'Out for Delivery',
      'Delivered',
    ]);
  });
});

describe('tracker steps', () => {
  it.each([
    ['inProgress', ['current', 'upcoming', 'upcoming', 'upcoming']],
    ['shipped', ['done', 'current', 'upcoming', 'upcoming']],
    ['outForDelivery', ['done', 'done', 'current', 'upcoming']],
    ['delivered', ['done', 'done', 'done', 'current']],
  ] as const)('at %s', (stage, states) => {
    expect(trackerSteps(stage).map((s) => s.state)).toEqual(states);
  });
});

describe('spec 02 §2, §9: the tracker shows when not Cancelled or Delayed and created on or after 2024-05-15', () => {
  const LA = 'America/Los_Angeles';
  it.each([
    ['shipped', '2024-05-15T07:00:00Z', true], // midnight on the 15th in Los Angeles
    ['shipped', '2024-05-15T06:59:59Z', false], // still the 14th there
    ['delivered', '2025-01-01T00:00:00Z', true],
    ['cancelled', '2025-01-01T00:00:00Z', false],
    ['delayed', '2025-01-01T00:00:00Z', false],
    ['inProgress', '2023-12-31T00:00:00Z', false],
  ])('%s created %s → %s', (status, createdAt, shows) => {
    expect(showsShippingTracker({ status, createdAt: new Date(createdAt) }, LA)).toBe(shows);
  });
});

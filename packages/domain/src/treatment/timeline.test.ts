import { describe, expect, it } from 'vitest';
import { SHIPMENT_STALL_DAYS, shipmentTimeline } from './timeline';

const at = (iso: string) => new Date(iso);
const ev = (status: string, iso: string) => ({ status, occurredAt: at(iso) });

describe('shipment timeline', () => {
  it('puts the pharmacy stages before the carrier stages, whatever their times', () => {
    const timeline = shipmentTimeline(
      [
        ev('In Transit', '2026-03-03T10:00:00Z'),
        ev('Label Created', '2026-03-02T09:00:00Z'),
        // A late pharmacy sync, stamped after the first scan.
        ev('Ready for PDF', '2026-03-02T12:00:00Z'),
        ev('Processed', '2026-03-01T08:00:00Z'),
      ],
      at('2026-03-03T12:00:00Z'),
    );
    expect(timeline.entries.map((e) => e.status)).toEqual([
      'processed',
      'ready_for_pdf',
      'label_created',
      'in_transit',
    ]);
    expect(timeline.current?.status).toBe('in_transit');
    expect(timeline.stage).toBe('shipped');
    expect(timeline.stalledDays).toBeNull();
  });

  it('with pharmacy events only, is In Progress and never stalls', () => {
    const timeline = shipmentTimeline(
      [ev('Processed', '2026-03-01T08:00:00Z')],
      at('2026-03-20T08:00:00Z'),
    );
    expect(timeline.stage).toBe('inProgress');
    expect(timeline.stalledDays).toBeNull();
  });

  it('with no events, is In Progress with nothing current', () => {
    const timeline = shipmentTimeline([], at('2026-03-20T08:00:00Z'));
    expect(timeline).toMatchObject({ current: null, stage: 'inProgress', warning: false });
  });

  it.each([
    ['2026-03-05T09:59:59Z', null], // 2 days 23:59 after the last scan
    ['2026-03-05T10:00:00Z', SHIPMENT_STALL_DAYS],
    ['2026-03-09T11:00:00Z', 7],
  ])('at %s, no scan since 2026-03-02T10:00Z → stalled %s days', (now, days) => {
    const timeline = shipmentTimeline(
      [ev('Processed', '2026-03-01T08:00:00Z'), ev('In Transit', '2026-03-02T10:00:00Z')],
      at(now),
    );
    expect(timeline.stalledDays).toBe(days);
  });

  it('a delivered parcel never stalls; a warning status carries its flag', () => {
    const delivered = shipmentTimeline(
      [ev('Delivered', '2026-03-02T10:00:00Z')],
      at('2026-04-01T00:00:00Z'),
    );
    expect(delivered).toMatchObject({ stage: 'delivered', stalledDays: null, warning: false });
    const attempted = shipmentTimeline(
      [
        ev('Out for Delivery', '2026-03-02T08:00:00Z'),
        ev('Delivery Attempted', '2026-03-02T17:00:00Z'),
      ],
      at('2026-03-02T18:00:00Z'),
    );
    expect(attempted).toMatchObject({ stage: 'outForDelivery', warning: true });
  });
});

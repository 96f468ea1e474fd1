import type { ShipmentStage } from '../vocabularies';
import { shipmentStage, type ShipmentStatus, type ShipmentStatusSource } from './shipment-status';

// Beyond the spec (issue 10): one timeline per shipment, the pharmacy's stages before the
// carrier's, and a clear warning when a parcel in the carrier's hands has not been scanned for
// days (REFERENCES.md: patients complain of no word when a parcel stalls).

/** A shipment with no carrier scan for this many days is stalled (ours, not the spec's). */
export const SHIPMENT_STALL_DAYS = 3;

const DAY_MS = 86_400_000;

export interface TimelineEventInput {
  /** As received: a spec label, our code or a tracking service's status. */
  status: string;
  occurredAt: Date;
}

export interface TimelineEntry<E extends TimelineEventInput> {
  event: E;
  status: ShipmentStatus | null;
  stage: ShipmentStage;
  source: ShipmentStatusSource;
  warning: boolean;
}

export interface ShipmentTimeline<E extends TimelineEventInput> {
  /** Pharmacy events in time order, then carrier events in time order. */
  entries: TimelineEntry<E>[];
  /** The latest carrier event, else the latest pharmacy event; null with no events. */
  current: TimelineEntry<E> | null;
  stage: ShipmentStage;
  warning: boolean;
  /** Whole days since the last carrier scan when that is SHIPMENT_STALL_DAYS or more. */
  stalledDays: number | null;
}

const byTime = <E extends TimelineEventInput>(a: TimelineEntry<E>, b: TimelineEntry<E>) =>
  a.event.occurredAt.getTime() - b.event.occurredAt.getTime();

/**
 * The timeline of a shipment's events at `now`. A carrier event outranks any pharmacy event,
 * whatever their times (a late pharmacy sync never moves a parcel back); a delivered parcel
 * never stalls.
 */
export function shipmentTimeline<E extends TimelineEventInput>(
  events: readonly E[],
  now: Date,
  stallDays = SHIPMENT_STALL_DAYS,
): ShipmentTimeline<E> {
  const entries = events.map((event) => ({ event, ...shipmentStage(event.status) }));
  const pharmacy = entries.filter((e) => e.source === 'pharmacy').sort(byTime);
  const carrier = entries.filter((e) => e.source === 'carrier').sort(byTime);
  const current = carrier.at(-1) ?? pharmacy.at(-1) ?? null;
  let stalledDays: number | null = null;
  const lastScan = carrier.at(-1);
  if (lastScan && lastScan.stage !== 'delivered') {
    const days = Math.floor((now.getTime() - lastScan.event.occurredAt.getTime()) / DAY_MS);
    if (days >= stallDays) stalledDays = days;
  }
  return {
    entries: [...pharmacy, ...carrier],
    current,
    stage: current?.stage ?? 'inProgress',
    warning: current?.warning ?? false,
    stalledDays,
  };
}

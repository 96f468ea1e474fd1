import { SHIPPING_TRACKER_MIN_CREATED_DATE } from '../constants';
import { zonedParts } from '../appointments/zoned-time';
import {
  PRESCRIPTION_SNACKBAR_STATUSES,
  SHIPMENT_STAGES,
  type PrescriptionSnackbarStatus,
  type ShipmentStage,
} from '../vocabularies';

// Spec 02 §4: prescription statuses with their display names, and every shipment status the
// spec lists with the tracker stage it lands in. The carrier's raw status is kept beside the
// stage (REFERENCES.md, shipments): the stage is derived, never stored.

/** Spec 02 §3, §4: `status.display_name` of a prescription. */
export const PRESCRIPTION_STATUS_DISPLAY_NAMES: Record<PrescriptionSnackbarStatus, string> = {
  received: 'Received',
  inProgress: 'In Progress',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  inTransit: 'In Transit',
  outForDelivery: 'Out for Delivery',
  awaitingPatientPickup: 'Awaiting Patient Pickup',
  delayed: 'Delayed',
};

/** Spec 01 §2 (home orders module); spec 02 §2: the four tracker stages, as shown. */
export const SHIPMENT_STAGE_DISPLAY_NAMES: Record<ShipmentStage, string> = {
  inProgress: 'In Progress',
  shipped: 'Shipped',
  outForDelivery: 'Out for Delivery',
  delivered: 'Delivered',
};

export type ShipmentStatusSource = 'pharmacy' | 'carrier';

interface ShipmentStatusRule {
  /** As spec 02 §4 names it. */
  label: string;
  stage: ShipmentStage;
  /** The spec flags these: the tracker explains them in words. */
  warning: boolean;
  /** Pharmacy stages come before the carrier's in a shipment's timeline. */
  source: ShipmentStatusSource;
}

/** Spec 02 §4, every shipment status it lists, by code. Anything else is In Progress. */
export const SHIPMENT_STATUS_RULES = {
  processed: { label: 'Processed', stage: 'inProgress', warning: false, source: 'pharmacy' },
  in_progress: { label: 'inProgress', stage: 'inProgress', warning: false, source: 'pharmacy' },
  ready_for_process: {
    label: 'Ready for Process',
    stage: 'inProgress',
    warning: false,
    source: 'pharmacy',
  },
  ready_for_api: {
    label: 'Ready for API',
    stage: 'inProgress',
    warning: false,
    source: 'pharmacy',
  },
  ready_for_pdf: {
    label: 'Ready for PDF',
    stage: 'inProgress',
    warning: false,
    source: 'pharmacy',
  },
  pending_customer_confirmation: {
    label: 'Pending Customer Confirmation',
    stage: 'inProgress',
    warning: false,
    source: 'pharmacy',
  },
  label_created: { label: 'Label Created', stage: 'shipped', warning: false, source: 'carrier' },
  shipped: { label: 'Shipped', stage: 'shipped', warning: false, source: 'carrier' },
  in_transit: { label: 'In Transit', stage: 'shipped', warning: false, source: 'carrier' },
  out_for_delivery: {
    label: 'Out for Delivery',
    stage: 'outForDelivery',
    warning: false,
    source: 'carrier',
  },
  delivery_attempted: {
    label: 'Delivery Attempted',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  awaiting_patient_pickup: {
    label: 'Awaiting Patient Pickup',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  weather_delay: {
    label: 'Weather Delay',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  address_exception: {
    label: 'Address Exception',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  return_to_sender: {
    label: 'Return to Sender',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  delayed: { label: 'Delayed', stage: 'outForDelivery', warning: true, source: 'carrier' },
  delayed_by_carrier: {
    label: 'Delayed by Carrier',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  cancelled_by_carrier: {
    label: 'Cancelled/Voided by Carrier',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  exception: {
    label: 'Exception Other/Damaged',
    stage: 'outForDelivery',
    warning: true,
    source: 'carrier',
  },
  delivered: { label: 'Delivered', stage: 'delivered', warning: false, source: 'carrier' },
} as const satisfies Record<string, ShipmentStatusRule>;

export type ShipmentStatus = keyof typeof SHIPMENT_STATUS_RULES;
export const SHIPMENT_STATUSES = Object.keys(SHIPMENT_STATUS_RULES) as ShipmentStatus[];

/**
 * Statuses of a tracking service's events (EasyPost's tracker, the shape our carrier webhook
 * takes) that are not spelled like one of ours.
 */
export const TRACKING_SERVICE_STATUS_ALIASES: Record<string, ShipmentStatus> = {
  pre_transit: 'label_created',
  available_for_pickup: 'awaiting_patient_pickup',
  failure: 'exception',
  error: 'exception',
  cancelled: 'cancelled_by_carrier',
  returned: 'return_to_sender',
  attempt_fail: 'delivery_attempted',
  weather_delays: 'weather_delay',
  delayed_by_weather: 'weather_delay',
  cancelled_voided_by_carrier: 'cancelled_by_carrier',
  voided_by_carrier: 'cancelled_by_carrier',
  exception_other_damaged: 'exception',
  damaged: 'exception',
  inprogress: 'in_progress',
};

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_SQUASHED = new Map<string, ShipmentStatus>([
  ...SHIPMENT_STATUSES.flatMap((code): [string, ShipmentStatus][] => [
    [squash(code), code],
    [squash(SHIPMENT_STATUS_RULES[code].label), code],
  ]),
  ...Object.entries(TRACKING_SERVICE_STATUS_ALIASES).map(
    ([alias, code]): [string, ShipmentStatus] => [squash(alias), code],
  ),
]);

/**
 * A status as a carrier, the pharmacy or the spec spells it ('Out for Delivery',
 * 'out_for_delivery', 'OUT_FOR_DELIVERY', 'outForDelivery'), as our code; null when unknown.
 */
export function normalizeShipmentStatus(raw: string | null | undefined): ShipmentStatus | null {
  if (!raw) return null;
  return BY_SQUASHED.get(squash(raw)) ?? null;
}

export interface ShipmentStageInfo {
  /** Our code for the status; null when the status is one the spec does not list. */
  status: ShipmentStatus | null;
  stage: ShipmentStage;
  warning: boolean;
  source: ShipmentStatusSource;
}

/** Spec 02 §4: the tracker stage of any shipment status; anything unknown is In Progress. */
export function shipmentStage(raw: string | null | undefined): ShipmentStageInfo {
  const status = normalizeShipmentStatus(raw);
  if (!status) return { status: null, stage: 'inProgress', warning: false, source: 'pharmacy' };
  const rule: ShipmentStatusRule = SHIPMENT_STATUS_RULES[status];
  return { status, stage: rule.stage, warning: rule.warning, source: rule.source };
}

export type TrackerStepState = 'done' | 'current' | 'upcoming';

/** The four tracker steps in order, each done, current or upcoming for the current stage. */
export function trackerSteps(
  current: ShipmentStage,
): { stage: ShipmentStage; state: TrackerStepState }[] {
  const at = SHIPMENT_STAGES.indexOf(current);
  return SHIPMENT_STAGES.map((stage, i) => ({
    stage,
    state: i < at ? 'done' : i === at ? 'current' : 'upcoming',
  }));
}

export function isPrescriptionStatus(value: string): value is PrescriptionSnackbarStatus {
  return (PRESCRIPTION_SNACKBAR_STATUSES as readonly string[]).includes(value);
}

/**
 * Spec 02 §2, §9: the tracker card shows only when the status is not Cancelled or Delayed and
 * the prescription was created on or after 2024-05-15 (that day in the provider's zone).
 */
export function showsShippingTracker(
  prescription: { status: string; createdAt: Date },
  timeZone: string,
): boolean {
  if (prescription.status === 'cancelled' || prescription.status === 'delayed') return false;
  return zonedParts(prescription.createdAt, timeZone).dateKey >= SHIPPING_TRACKER_MIN_CREATED_DATE;
}

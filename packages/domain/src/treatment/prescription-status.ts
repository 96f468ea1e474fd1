import type { PrescriptionSnackbarStatus } from '../vocabularies';
import type { ShipmentStatus } from './shipment-status';

/**
 * The prescription status a shipment's latest status stands for (spec 02 §4: the prescription
 * statuses and the further ones the snackbar knows). A cancelled prescription stays cancelled;
 * the caller keeps that rule.
 */
export const PRESCRIPTION_STATUS_FOR_SHIPMENT: Record<ShipmentStatus, PrescriptionSnackbarStatus> =
  {
    processed: 'inProgress',
    in_progress: 'inProgress',
    ready_for_process: 'inProgress',
    ready_for_api: 'inProgress',
    ready_for_pdf: 'inProgress',
    pending_customer_confirmation: 'inProgress',
    label_created: 'shipped',
    shipped: 'shipped',
    in_transit: 'inTransit',
    out_for_delivery: 'outForDelivery',
    delivery_attempted: 'outForDelivery',
    awaiting_patient_pickup: 'awaitingPatientPickup',
    weather_delay: 'delayed',
    address_exception: 'delayed',
    return_to_sender: 'delayed',
    delayed: 'delayed',
    delayed_by_carrier: 'delayed',
    cancelled_by_carrier: 'delayed',
    exception: 'delayed',
    delivered: 'delivered',
  };

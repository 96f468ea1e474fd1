import {
  NOTIFICATION_TYPE,
  type CarrierWebhookEvent,
  type CreatePrescriptionInput,
  type LabResultInput,
  type PrescriptionSnackbarStatus,
  type ShipmentEventInput,
  type ShipmentInput,
} from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Events } from '../../platform/events';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { DocumentRow } from '../files/service';
import type { LabOrderRow, LabService } from '../labs/service';
import type { NotificationRow, NotificationService } from '../notifications/service';
import type {
  AddedEvents,
  PrescriptionRow,
  PrescriptionService,
  ShipmentRow,
} from '../prescriptions/service';
import { givenFields, runStaffAction } from './staff-audit';

export interface TreatmentRecordDeps {
  uow: UnitOfWork;
  events: Events;
  appointments: AppointmentService;
  notifications: NotificationService;
  prescriptions: PrescriptionService;
  labs: LabService;
}

/** What a write answers when a named reference does not exist: the field at fault. */
export type Missing = { missing: 'treatmentShortId' | 'prescription' | 'shipment' };

const isMissing = <T extends object>(value: T | Missing): value is Missing => 'missing' in value;
export { isMissing };

/**
 * The care team's side of treatment records (issue 10): prescriptions, shipments, carrier
 * events and lab results, each in one unit of work with its audit rows and the notification
 * the spec names; after the commit the customer's open portal hears of it (customerChanged,
 * and the notification's own event).
 */
export class StaffTreatmentRecords {
  constructor(private readonly deps: TreatmentRecordDeps) {}

  private async treatmentId(shortId: string | undefined, work: Work) {
    if (!shortId) return null;
    return (await this.deps.appointments.treatmentByShortId(shortId, work.tx))?.id ?? undefined;
  }

  private async afterCommit(
    customerId: string,
    reason: string,
    notification: NotificationRow | null,
  ) {
    await this.deps.events.customerChanged(customerId, reason);
    if (notification) await this.deps.notifications.published(notification, 'created');
  }

  /** Writes a prescription; raises prescription_submitted_v1 unless told not to. */
  async writePrescription(
    customerId: string,
    input: CreatePrescriptionInput,
    actor: AuditActor,
  ): Promise<{ prescription: PrescriptionRow; notification: NotificationRow | null } | Missing> {
    const { uow, prescriptions, notifications } = this.deps;
    const audit = { customerId, fields: givenFields(input) };
    const result = await runStaffAction(uow, actor, audit, async (work) => {
      const treatmentId = await this.treatmentId(input.treatmentShortId, work);
      if (treatmentId === undefined) return { missing: 'treatmentShortId' } as const;
      const prescription = await prescriptions.create(customerId, { ...input, treatmentId }, work);
      const notification = input.notify
        ? await notifications.create(
            {
              customerId,
              type: NOTIFICATION_TYPE.prescriptionSubmitted,
              title: 'Your prescription was sent to the pharmacy',
              message: 'We will let you know when it ships.',
              severity: 'info',
              action: { label: 'View prescriptions', url: '/prescriptions' },
              metadata: { prescriptionId: prescription.id },
            },
            work,
          )
        : null;
      return { prescription, notification };
    });
    if (!isMissing(result))
      await this.afterCommit(customerId, 'prescriptions', result.notification);
    return result;
  }

  async setPrescriptionStatus(
    prescriptionId: string,
    status: PrescriptionSnackbarStatus,
    actor: AuditActor,
  ): Promise<PrescriptionRow | Missing> {
    const row = await runStaffAction(
      this.deps.uow,
      actor,
      (changed: PrescriptionRow | undefined) => ({
        customerId: changed?.customerId ?? null,
        fields: ['status'],
      }),
      (work) => this.deps.prescriptions.setStatus(prescriptionId, status, work),
    );
    if (!row) return { missing: 'prescription' };
    await this.afterCommit(row.customerId, 'prescriptions', null);
    return row;
  }

  async addShipment(
    prescriptionId: string,
    input: ShipmentInput,
    actor: AuditActor,
  ): Promise<ShipmentRow | Missing> {
    const row = await runStaffAction(
      this.deps.uow,
      actor,
      (added: ShipmentRow | undefined) => ({
        customerId: added?.customerId ?? null,
        fields: givenFields(input),
      }),
      (work) => this.deps.prescriptions.addShipmentTo(prescriptionId, input, work),
    );
    if (!row) return { missing: 'prescription' };
    await this.afterCommit(row.customerId, 'prescriptions', null);
    return row;
  }

  /** Carrier or pharmacy events of a shipment; the tracker moves live. */
  async addShipmentEvents(
    shipmentId: string,
    events: ShipmentEventInput[],
    actor: AuditActor,
    source: 'staff' | 'webhook' = 'staff',
  ): Promise<AddedEvents | Missing> {
    const result = await runStaffAction(
      this.deps.uow,
      actor,
      (added: AddedEvents | undefined) => ({
        customerId: added?.shipment.customerId ?? null,
        fields: ['events'],
      }),
      (work) => this.deps.prescriptions.addEvents(shipmentId, events, source, work),
      { lock: `shipment:${shipmentId}` },
    );
    if (!result) return { missing: 'shipment' };
    if (result.added.length > 0)
      await this.afterCommit(result.shipment.customerId, 'prescriptions', null);
    return result;
  }

  /**
   * A tracking service's tracker.updated event: the shipment is found by carrier and tracking
   * number, and every tracking detail is recorded once (a redelivery adds nothing).
   */
  async carrierEvent(
    event: CarrierWebhookEvent,
    actor: AuditActor,
  ): Promise<AddedEvents | Missing> {
    const { carrier, tracking_code: number, tracking_details: details } = event.result;
    const shipment = await this.deps.prescriptions.findShipmentByTracking(carrier, number);
    if (!shipment) return { missing: 'shipment' };
    const events: ShipmentEventInput[] = details.map((d) => ({
      status: d.status,
      occurredAt: d.datetime,
      message: d.message ?? undefined,
      location:
        [d.tracking_location?.city, d.tracking_location?.state, d.tracking_location?.zip]
          .filter(Boolean)
          .join(', ') || undefined,
    }));
    return this.addShipmentEvents(shipment.id, events, actor, 'webhook');
  }

  /** Attaches a lab result file; raises lab_result_received_v1 unless told not to. */
  async attachLabResult(
    customerId: string,
    input: LabResultInput,
    actor: AuditActor,
  ): Promise<
    | { order: LabOrderRow; document: DocumentRow; notification: NotificationRow | null }
    | Missing
    | { conflict: 'fileName' }
  > {
    const { uow, labs, notifications } = this.deps;
    const bytes = Buffer.from(input.contentBase64, 'base64');
    const audit = { customerId, fields: givenFields(input) };
    const result = await runStaffAction(uow, actor, audit, async (work) => {
      const treatmentId = await this.treatmentId(input.treatmentShortId, work);
      if (treatmentId === undefined) return { missing: 'treatmentShortId' } as const;
      const attached = await labs.attachResult(customerId, { ...input, treatmentId, bytes }, work);
      if (!attached) return { conflict: 'fileName' } as const;
      const notification = input.notify
        ? await notifications.create(
            {
              customerId,
              type: NOTIFICATION_TYPE.labResult,
              title: 'Your lab results are ready',
              message: 'You can view and download them in Labs.',
              severity: 'info',
              action: { label: 'View lab results', url: '/labs' },
              metadata: { labOrderId: attached.order.id },
            },
            work,
          )
        : null;
      return { ...attached, notification };
    });
    if ('order' in result) await this.afterCommit(customerId, 'labs', result.notification);
    return result;
  }
}

import { PATIENT_SECTIONS, type PatientAuditQuery, type PatientSearchQuery } from '@portal/domain';
import { customerAuditTrail } from '../../platform/audit';
import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { BulkService } from '../bulk/service';
import type { CustomerService } from '../customers/service';
import type { IdVerificationService } from '../forms/id-verification';
import type { MessageService } from '../messages/service';
import type { PrescriptionService } from '../prescriptions/service';
import type { WeightService } from '../weight/service';
import type { QueueService } from './queue-service';

/*
 * The care console's patient page (issue 41): one patient read whole, through the services
 * that own each section (their care-team reads are not audited, so that this read is audited
 * once, naming its sections), the patient search and the patient's own audit trail.
 */

export interface PatientReadDeps {
  uow: UnitOfWork;
  customers: CustomerService;
  weight: WeightService;
  messages: MessageService;
  appointments: AppointmentService;
  bulk: BulkService;
  idVerification: IdVerificationService;
  prescriptions: PrescriptionService;
  queue: QueueService;
}

/** The weights the page charts: the last half year. */
const WEIGHT_DAYS = 180;
/** A message's preview is its first words as text, never its whole body. */
const PREVIEW_CHARS = 120;

function preview(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export class PatientReadModel {
  constructor(private readonly deps: PatientReadDeps) {}

  /** GET /staff/customers: search results; no PHI beyond a list row, and not audited. */
  async search(query: PatientSearchQuery) {
    const { rows, total } = await this.deps.customers.search(
      query.search,
      query.page,
      query.pageSize,
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        stateCode: r.stateCode,
        createdAt: r.createdAt.toISOString(),
        status: r.status,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The patient overview in one response; undefined when there is no such customer. The
   * sections are read at once, then the read is audited in one row (staff member, patient,
   * sections). The ID check's image links are signed by the files module, as
   * /staff/id-verifications/:id/images signs them (which audits the signing itself).
   */
  async overview(customerId: string, actor: AuditActor) {
    const d = this.deps;
    const record = await d.customers.recordForCareTeam(customerId);
    if (!record) return undefined;
    const [weights, changeRequests, messages, appointments, bulkOrders, check, prescriptions] =
      await Promise.all([
        d.weight.recentWeights(customerId, WEIGHT_DAYS),
        d.weight.changeForms(customerId),
        d.messages.listForCareTeam(customerId),
        d.appointments.listForCareTeam(customerId),
        d.bulk.ordersForCareTeam(customerId),
        d.idVerification.current(customerId),
        d.prescriptions.recordsForCareTeam(customerId),
      ]);
    const images = check ? await d.idVerification.images(check.id, actor) : undefined;
    const { customer } = record;
    const address = (type: string) => {
      const a = record.addresses.find((row) => row.addressType === type);
      return a
        ? {
            streetAddress1: a.streetAddress1,
            streetAddress2: a.streetAddress2,
            city: a.city,
            stateCode: a.stateCode,
            zipCode: a.zipCode,
          }
        : null;
    };
    const visits = [...appointments.upcoming, ...appointments.previous, ...appointments.async];
    const overview = {
      profile: {
        id: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: customer.phone,
        dateOfBirth: customer.dob,
        sex: customer.sex,
        createdAt: customer.createdAt.toISOString(),
        deletedAt: iso(customer.deletedAt),
      },
      addresses: { shipping: address('SHIPPING'), billing: address('BILLING') },
      plans: record.subscriptions.map((s) => {
        const contract = record.contracts.find((c) => c.id === s.contractId) ?? null;
        return {
          subscriptionId: s.id,
          treatmentId: s.treatmentId,
          status: s.status,
          price: contract?.price ?? null,
          term: contract?.length ?? null,
          renewsOn: contract?.endDate ?? null,
          contract: contract
            ? { id: contract.id, startDate: contract.startDate, endDate: contract.endDate }
            : null,
        };
      }),
      prescriptions: prescriptions.map((r) => ({
        id: r.prescription.id,
        medication: r.kits.map((k) => k.catalogName).join(', '),
        status: r.prescription.status,
        createdAt: iso(r.prescription.createdAt),
        shipments: r.shipments.map((s) => ({
          id: s.id,
          status: s.deliveredAt ? 'delivered' : s.shippedAt ? 'shipped' : 'label_created',
          carrier: s.carrier,
          trackingNumber: s.trackingNumber,
          events: s.events.map((e) => ({ status: e.status ?? e.rawStatus, at: iso(e.occurredAt) })),
        })),
      })),
      weights: weights.map((w) => ({ date: w.recordedAt, pounds: w.value / 100 })),
      weightChangeRequests: changeRequests.map((f) => ({
        id: f.id,
        type: f.type,
        pounds: f.value / 100,
        status: f.status,
        createdAt: iso(f.createdAt),
      })),
      idVerifications: check
        ? [
            {
              id: check.id,
              status: check.status,
              submittedAt: iso(check.submittedAt),
              images: images?.urls ?? { front: null, back: null, selfie: null },
            },
          ]
        : [],
      messages: messages.map((m) => ({
        id: m.id,
        type: m.type,
        createdAt: m.createdAt.toISOString(),
        preview: preview(m.message),
      })),
      appointments: visits.map((a) => ({
        id: a.id,
        start: iso(a.start),
        end: iso(a.end),
        status: a.status,
        provider: a.provider?.displayName ?? null,
      })),
      bulkOrders: bulkOrders.map((o) => ({
        id: o.id,
        status: o.status,
        vialCount: o.vialCount,
        treatmentShortId: o.treatmentShortId,
        createdAt: iso(o.createdAt),
      })),
    };
    await d.uow.run(actor, (work) =>
      work.audit({
        action: 'read',
        entity: 'customer',
        entityId: customerId,
        details: { operation: 'StaffPatientOverview', customerId, sections: [...PATIENT_SECTIONS] },
      }),
    );
    return overview;
  }

  /**
   * The patient's audit trail, newest first: who (a staff member's name, "the patient" or
   * "system"), what (entity, action and the names of the fields the row records, never their
   * values) and when. Reading it is itself audited.
   */
  async auditTrail(customerId: string, query: PatientAuditQuery, actor: AuditActor) {
    const d = this.deps;
    const { rows, total } = await d.uow.run(actor, async (work) => {
      const page = await customerAuditTrail(work.tx, customerId, query.page, query.pageSize);
      await work.audit({
        action: 'read',
        entity: 'audit_trail',
        entityId: customerId,
        details: { operation: 'StaffPatientAudit', customerId },
      });
      return page;
    });
    const staffIds = [
      ...new Set(rows.filter((r) => r.actorType === 'staff' && r.actorId).map((r) => r.actorId!)),
    ];
    const names = new Map(
      await Promise.all(staffIds.map(async (id) => [id, await d.queue.staffName(id)] as const)),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        who:
          r.actorType === 'staff'
            ? (names.get(r.actorId ?? '') ?? 'A staff member')
            : r.actorType === 'customer'
              ? 'the patient'
              : 'system',
        actorType: r.actorType,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        // Only the keys of the row's details: a value (even one an older write recorded) never
        // leaves the audit table through this route.
        fields: Object.keys(r.details).filter((k) => k !== 'customerId' && k !== 'operation'),
        operation: typeof r.details.operation === 'string' ? r.details.operation : null,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}

import { PATIENT_SECTIONS, type PatientAuditQuery, type PatientSearchQuery } from '@portal/domain';
import { customerAuditTrail } from '../../platform/audit';
import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { BillingService } from '../billing/service';
import type { BulkService } from '../bulk/service';
import type { CustomerService } from '../customers/service';
import type { IdVerificationService } from '../forms/id-verification';
import type { FormService } from '../forms/service';
import type { MessageService, TemplateRow } from '../messages/service';
import { invoiceNumber } from '../payments/invoices';
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
  /** Invoices, charges and the plans' treatment names (through the payments engine). */
  billing: BillingService;
  /** The submitted forms with their answers. */
  forms: FormService;
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

/**
 * The field names an audit row records: its `fields` list where it has one (staff actions
 * write `{customerId, fields: [names]}`, staff-audit.ts), else the keys of its details. Only
 * names (strings) leave the audit table through the trail, never a value, even one an older
 * write recorded.
 */
function fieldNames(details: Record<string, unknown>): string[] {
  if (Array.isArray(details.fields)) {
    return details.fields.filter((f): f is string => typeof f === 'string');
  }
  return Object.keys(details).filter((k) => k !== 'customerId' && k !== 'operation');
}

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
    const [
      weights,
      changeRequests,
      messages,
      appointments,
      bulkOrders,
      check,
      prescriptions,
      money,
      forms,
    ] = await Promise.all([
      d.weight.recentWeights(customerId, WEIGHT_DAYS),
      d.weight.changeForms(customerId),
      d.messages.listForCareTeam(customerId),
      d.appointments.listForCareTeam(customerId),
      d.bulk.ordersForCareTeam(customerId),
      d.idVerification.current(customerId),
      d.prescriptions.recordsForCareTeam(customerId),
      d.billing.careTeamMoney(
        customerId,
        record.subscriptions.flatMap((s) => (s.treatmentId ? [s.treatmentId] : [])),
      ),
      d.forms.submittedForCareTeam(customerId),
    ]);
    const images = check ? await d.idVerification.images(check.id, actor) : undefined;
    const reviewers = new Map(
      await Promise.all(
        [...new Set(forms.flatMap((f) => (f.review.reviewedAt ? [f.review.reviewedBy] : [])))].map(
          async (id) => [id, await d.queue.staffName(id)] as const,
        ),
      ),
    );
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
          name: (s.treatmentId && money.treatmentNames.get(s.treatmentId)) || null,
          status: s.status,
          price: contract?.price ?? null,
          term: contract?.length ?? null,
          renewsOn: contract?.endDate ?? null,
          contract: contract
            ? { id: contract.id, startDate: contract.startDate, endDate: contract.endDate }
            : null,
        };
      }),
      // The PDF link is asked for when opened (GET …/invoices/:invoiceId/pdf), as the customer's
      // invoices tab asks GetInvoicePdfUrl: a 5-minute URL signed per page view would expire
      // on an open page, and each signing is audited.
      invoices: money.invoices.map((i) => ({
        id: i.id,
        number: invoiceNumber(i),
        issuedAt: i.issuedAt.toISOString(),
        amount: i.total,
        amountPaid: i.amountPaid,
        amountRefunded: i.amountRefunded,
        status: i.status,
        description: i.description,
        chargeId: i.chargeId,
      })),
      charges: money.charges.map((c) => ({
        id: c.id,
        createdAt: c.createdAt.toISOString(),
        amount: c.amount,
        purpose: c.purpose,
        status: c.status,
        amountRefunded: c.amountRefunded,
      })),
      forms: forms.map((f) => ({
        id: f.id,
        formName: f.formName,
        formShortId: f.formShortId,
        submittedAt: f.submittedAt.toISOString(),
        status: f.status,
        answers: f.answers,
        // Read by a provider's team (FORM_REVIEW_KINDS): who and when, null while it waits.
        review: f.review.needed
          ? {
              reviewedAt: iso(f.review.reviewedAt),
              reviewedBy: f.review.reviewedAt ? (reviewers.get(f.review.reviewedBy) ?? null) : null,
            }
          : null,
      })),
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
        encounter: o.encounter,
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

  /** GET /staff/message-templates: the templates POST /staff/message-templates creates. */
  async templates(): Promise<Pick<TemplateRow, 'id' | 'type' | 'description'>[]> {
    const rows = await this.deps.messages.types();
    return rows.map((r) => ({ id: r.id, type: r.type, description: r.description }));
  }

  /**
   * The care team's link to one of the patient's invoices (the customer's own 5-minute signed
   * URL, the signing audited by the payments module); null when it is not this patient's.
   */
  invoicePdfUrl(customerId: string, invoiceId: string, actor: AuditActor): Promise<string | null> {
    return this.deps.billing.invoicePdfUrl(customerId, invoiceId, actor);
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
        fields: fieldNames(r.details),
        operation: typeof r.details.operation === 'string' ? r.details.operation : null,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}

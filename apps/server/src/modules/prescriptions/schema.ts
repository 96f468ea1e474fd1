import {
  CARRIERS,
  PRESCRIPTION_SNACKBAR_STATUSES,
  SHIPMENT_STAGES,
  SHIPMENT_STAGE_DISPLAY_NAMES,
  SHIPMENT_STATUSES,
  SHIPMENT_STATUS_RULES,
  trackerSteps,
  trackingUrl,
  type PrescriptionSnackbarStatus,
  type Runway,
  type ShipmentStage,
  type TimelineEntry,
  type TrackerStepState,
} from '@portal/domain';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { requireCustomer, uuidArg } from '../../graphql/guards';
import { Customer } from '../customers/schema';
import type { KitView, PrescriptionView, ShipmentView } from './views';
import type { MediaAssetRow, ShipmentEventRow } from './store';
import type { PrescriptionService } from './service';

declare module '../../graphql/context' {
  interface Services {
    prescriptions: PrescriptionService;
  }
}

// Spec 02 §3, §7: prescriptions, in the shape GetCustomerData reads (Customer.prescriptions),
// with the domain's readings (tracker stage, timeline, syringe units, runway) beside the
// stored fields, so the web shows them without computing them again.

type Shape = PrescriptionView & { patient: { fullName: string; dob: string | null } };

const PrescriptionStatusEnum = builder.enumType('PrescriptionStatus', {
  description: 'Spec 02 section 4: prescription statuses, and those the order snackbar knows.',
  values: PRESCRIPTION_SNACKBAR_STATUSES,
});
const ShipmentStageEnum = builder.enumType('ShipmentStage', {
  description: 'Spec 02 section 4: the four tracker stages, in order.',
  values: SHIPMENT_STAGES,
});
const ShipmentStatusEnum = builder.enumType('ShipmentStatus', {
  description:
    'Spec 02 section 4: every shipment status the spec lists, as a code; an unknown carrier ' +
    'status is null and reads as In Progress.',
  values: SHIPMENT_STATUSES,
});
const CarrierEnum = builder.enumType('Carrier', {
  description: 'Spec 02 section 3, 9: the carriers with tracking links.',
  values: CARRIERS,
});
const TrackerStepStateEnum = builder.enumType('TrackerStepState', {
  values: ['done', 'current', 'upcoming'] as const,
});

const StatusInfo = builder
  .objectRef<{ name: PrescriptionSnackbarStatus; displayName: string }>('PrescriptionStatusInfo')
  .implement({
    description: 'Spec 02 section 3: status.display_name.',
    fields: (t) => ({
      name: t.field({ type: PrescriptionStatusEnum, resolve: (s) => s.name }),
      display_name: t.exposeString('displayName'),
    }),
  });

const KitSnapshot = builder.objectRef<KitView>('KitSnapshot').implement({
  description:
    'Spec 02 section 3: a kit as prescribed. weekly_dose_units is the weekly dose in U-100 ' +
    'syringe units for the strength (0.25 mg at 2.5 mg/ml = 10 units); null when not an ' +
    'injectable in mg/ml.',
  fields: (t) => ({
    id: t.exposeID('id'),
    directions: t.exposeString('directions'),
    catalog_name: t.exposeString('catalogName'),
    quantity: t.exposeFloat('quantity'),
    strength: t.exposeString('strength'),
    form: t.exposeString('form'),
    internal_type: t.exposeString('internalType'),
    kit_name: t.exposeString('kitName'),
    created_at: t.field({ type: 'DateTime', resolve: (k) => k.createdAt }),
    refills: t.exposeInt('refills'),
    volume_ml: t.exposeFloat('volumeMl', { nullable: true }),
    weekly_dose_mg: t.exposeFloat('weeklyDoseMg', { nullable: true }),
    concentration_mg_per_ml: t.exposeFloat('concentrationMgPerMl', { nullable: true }),
    weekly_dose_units: t.exposeFloat('weeklyDoseUnits', { nullable: true }),
  }),
});

const MediaAsset = builder.objectRef<MediaAssetRow>('MediaAsset').implement({
  description:
    'Spec 02 section 3: a resource (reference image, dosing PDF, tutorial video: an embed URL ' +
    'whose mime_type starts with video/).',
  fields: (t) => ({
    src: t.exposeString('src'),
    alt_text: t.exposeString('altText'),
    mime_type: t.exposeString('mimeType'),
  }),
});

type EventEntry = TimelineEntry<ShipmentEventRow & { status: string }>;

const ShipmentEvent = builder.objectRef<EventEntry>('ShipmentEvent').implement({
  description: 'One scan or pharmacy step; the raw status is kept beside our reading of it.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.event.id }),
    raw_status: t.string({ resolve: (e) => e.event.rawStatus }),
    status: t.field({ type: ShipmentStatusEnum, nullable: true, resolve: (e) => e.status }),
    label: t.string({
      description: 'The spec’s name for the status; the raw status when unknown.',
      resolve: (e) => (e.status ? SHIPMENT_STATUS_RULES[e.status].label : e.event.rawStatus),
    }),
    stage: t.field({ type: ShipmentStageEnum, resolve: (e) => e.stage }),
    source: t.string({ description: 'pharmacy or carrier', resolve: (e) => e.source }),
    warning: t.boolean({ resolve: (e) => e.warning }),
    occurred_at: t.field({ type: 'DateTime', resolve: (e) => e.event.occurredAt }),
    message: t.string({ nullable: true, resolve: (e) => e.event.message }),
    location: t.string({ nullable: true, resolve: (e) => e.event.location }),
  }),
});

const TrackerStep = builder
  .objectRef<{ stage: ShipmentStage; state: TrackerStepState }>('TrackerStep')
  .implement({
    fields: (t) => ({
      stage: t.field({ type: ShipmentStageEnum, resolve: (s) => s.stage }),
      display_name: t.string({ resolve: (s) => SHIPMENT_STAGE_DISPLAY_NAMES[s.stage] }),
      state: t.field({ type: TrackerStepStateEnum, resolve: (s) => s.state }),
    }),
  });

const Shipment = builder.objectRef<ShipmentView>('Shipment').implement({
  description:
    'Spec 02 section 3, shipping status: carrier, tracking number and link, shipped and ' +
    'delivered times, and the timeline (pharmacy steps first, then carrier scans).',
  fields: (t) => ({
    id: t.exposeID('id'),
    carrier: t.field({ type: CarrierEnum, resolve: (s) => s.carrier }),
    tracking_number: t.exposeString('trackingNumber', { nullable: true }),
    tracking_url: t.string({
      nullable: true,
      description: 'The carrier’s tracking page, the number URL-encoded.',
      resolve: (s) => trackingUrl(s.carrier, s.trackingNumber),
    }),
    shipped_at: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.shippedAt }),
    delivered_at: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.deliveredAt }),
    stage: t.field({ type: ShipmentStageEnum, resolve: (s) => s.timeline.stage }),
    stage_display_name: t.string({
      resolve: (s) => SHIPMENT_STAGE_DISPLAY_NAMES[s.timeline.stage],
    }),
    status: t.field({
      type: ShipmentStatusEnum,
      nullable: true,
      description: 'The current status: the latest carrier scan, else the latest pharmacy step.',
      resolve: (s) => s.timeline.current?.status ?? null,
    }),
    warning: t.boolean({
      description: 'The current status is one spec 02 section 4 flags (explain it in words).',
      resolve: (s) => s.timeline.warning,
    }),
    stalled_days: t.int({
      nullable: true,
      description: 'Days without a carrier scan, once that is 3 or more; null otherwise.',
      resolve: (s) => s.timeline.stalledDays,
    }),
    steps: t.field({ type: [TrackerStep], resolve: (s) => trackerSteps(s.timeline.stage) }),
    events: t.field({ type: [ShipmentEvent], resolve: (s) => s.timeline.entries }),
  }),
});

const RunwayRef = builder.objectRef<Runway>('MedicationRunway').implement({
  description:
    'Doses left at the prescribed weekly dose, counted from delivery, and the date a refill must ' +
    'ship to arrive before the supply or the ~60-day refill cadence runs out (dates yyyy-MM-dd).',
  fields: (t) => ({
    doses_total: t.exposeInt('dosesTotal'),
    doses_taken: t.exposeInt('dosesTaken'),
    doses_left: t.exposeInt('dosesLeft'),
    runs_out_on: t.field({ type: 'Date', resolve: (r) => r.runsOutOn }),
    refill_due_on: t.field({ type: 'Date', resolve: (r) => r.refillDueOn }),
    refill_must_ship_by: t.field({ type: 'Date', resolve: (r) => r.refillMustShipBy }),
    refill_urgent: t.exposeBoolean('refillUrgent'),
  }),
});

const Patient = builder
  .objectRef<{ fullName: string; dob: string | null }>('PrescriptionPatient')
  .implement({
    fields: (t) => ({
      full_name: t.exposeString('fullName'),
      dob: t.field({ type: 'Date', nullable: true, resolve: (p) => p.dob }),
    }),
  });

const NamedRef = builder
  .objectRef<{ id: string; displayName: string }>('PrescriptionProvider')
  .implement({
    fields: (t) => ({ id: t.exposeID('id'), display_name: t.exposeString('displayName') }),
  });

const TreatmentRef = builder
  .objectRef<{ id: string; shortId: string; displayName: string; billingProductId: string | null }>(
    'TreatmentSummary',
  )
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      short_id: t.exposeString('shortId'),
      display_name: t.exposeString('displayName'),
      chargebee_product_id: t.exposeString('billingProductId', { nullable: true }),
    }),
  });
export { TreatmentRef as TreatmentSummary, NamedRef as ProviderSummary };

const Prescription = builder.objectRef<Shape>('Prescription').implement({
  description: 'Spec 02 section 3: a prescription with its kits, resources and shipments.',
  fields: (t) => ({
    id: t.id({ resolve: (p) => p.prescription.id }),
    created_at: t.field({ type: 'DateTime', resolve: (p) => p.prescription.createdAt }),
    updated_at: t.field({ type: 'DateTime', resolve: (p) => p.prescription.updatedAt }),
    status: t.field({
      type: StatusInfo,
      resolve: (p) => ({
        name: p.prescription.status as PrescriptionSnackbarStatus,
        displayName: p.displayName,
      }),
    }),
    show_tracker: t.boolean({
      description:
        'Spec 02 section 2: the tracker card shows (status not Cancelled or Delayed, created ' +
        'on or after 2024-05-15).',
      resolve: (p) => p.showTracker,
    }),
    kit_snapshots: t.field({ type: [KitSnapshot], resolve: (p) => p.kitViews }),
    media_assets: t.field({ type: [MediaAsset], resolve: (p) => p.mediaAssets }),
    shipments: t.field({ type: [Shipment], resolve: (p) => p.shipmentViews }),
    shipping_status: t.field({
      type: Shipment,
      nullable: true,
      description: 'The latest shipment (the tracker card shows it); null before one exists.',
      resolve: (p) => p.shipmentViews.at(-1) ?? null,
    }),
    customer: t.field({ type: Patient, resolve: (p) => p.patient }),
    provider: t.field({ type: NamedRef, nullable: true, resolve: (p) => p.provider }),
    treatment: t.field({ type: TreatmentRef, nullable: true, resolve: (p) => p.treatment }),
    runway: t.field({
      type: RunwayRef,
      nullable: true,
      description: 'Null until delivered, or without a weekly dose, a vial volume and mg/ml.',
      resolve: (p) => p.runway,
    }),
  }),
});

async function patientOf(ctx: GraphQLContext, customerId: string) {
  const record = await ctx.services.customers.getOwnRecord(customerId, ctx.actor);
  if (!record) return null;
  const { firstName, lastName, dob, timeZone } = record.customer;
  return { timeZone, patient: { fullName: `${firstName} ${lastName}`.trim(), dob } };
}

builder.objectField(Customer, 'prescriptions', (t) =>
  t.field({
    type: [Prescription],
    description: 'GetCustomerData: the customer’s prescriptions, newest first.',
    resolve: async (r, _args, ctx) => {
      const { firstName, lastName, dob, timeZone, id } = r.record.customer;
      const patient = { fullName: `${firstName} ${lastName}`.trim(), dob };
      const views = await ctx.services.prescriptions.list(
        id,
        timeZone,
        ctx.actor,
        'GetCustomerData',
      );
      return views.map((v) => ({ ...v, patient }));
    },
  }),
);

builder.queryField('prescriptionsByCustomer', (t) =>
  t.field({
    type: [Prescription],
    description:
      "Prescriptions by customer: the signed-in customer's, newest first. customerId must be " +
      "the signed-in customer's (FORBIDDEN otherwise).",
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.customerId);
      const owner = await patientOf(ctx, customerId);
      if (!owner) return [];
      const views = await ctx.services.prescriptions.list(customerId, owner.timeZone, ctx.actor);
      return views.map((v) => ({ ...v, patient: owner.patient }));
    },
  }),
);

builder.queryField('prescription', (t) =>
  t.field({
    type: Prescription,
    nullable: true,
    description:
      "One of the signed-in customer's prescriptions (/rx-details after a reload); null for " +
      'an id that is not theirs.',
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = uuidArg(args.id, 'id');
      const owner = await patientOf(ctx, customerId);
      if (!owner) return null;
      const view = await ctx.services.prescriptions.findOwn(
        customerId,
        id,
        owner.timeZone,
        ctx.actor,
      );
      return view ? { ...view, patient: owner.patient } : null;
    },
  }),
);

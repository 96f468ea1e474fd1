import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import type { HoldRow } from './holds-store';
import type { SlotResult } from './slots';
import type {
  AppointmentView,
  FollowUpRow,
  PreviousProviderRow,
  ProviderRow,
  RequirementRow,
  RescheduleRow,
  TreatmentConfigurationRow,
  TreatmentRow,
} from './types';

// GraphQL types of spec 01 §3 (appointment, slot, follow-up, reschedule, previous provider,
// treatment, consent). Field names follow the spec, whose data API mixes camel and snake case.

export const AppointmentProvider = builder.objectRef<ProviderRow>('AppointmentProvider').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    displayName: t.exposeString('displayName'),
    title: t.exposeString('title', { nullable: true }),
    profileImage: t.exposeString('profileImage', { nullable: true }),
    virtualVisitLink: t.exposeString('virtualVisitLink', { nullable: true }),
    timeZone: t.exposeString('timeZone'),
    language: t.exposeString('language'),
  }),
});

export const AppointmentTreatment = builder
  .objectRef<TreatmentRow>('AppointmentTreatment')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      shortId: t.exposeString('shortId'),
      displayName: t.exposeString('displayName'),
    }),
  });

const AppointmentRequirement = builder
  .objectRef<RequirementRow>('AppointmentRequirement')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      requirement_type: t.exposeString('type'),
      completed: t.exposeBoolean('completed'),
      createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
      link: t.exposeString('link', { nullable: true }),
    }),
  });

const AppointmentEncounter = builder
  .objectRef<{ isSigned: boolean }>('AppointmentEncounter')
  .implement({
    fields: (t) => ({ is_signed: t.exposeBoolean('isSigned') }),
  });

export const Appointment = builder.objectRef<AppointmentView>('Appointment').implement({
  description: 'Spec 01 §3: an appointment of the signed-in customer; times are UTC instants.',
  fields: (t) => ({
    id: t.exposeID('id'),
    start: t.field({ type: 'DateTime', resolve: (a) => a.start }),
    end: t.field({ type: 'DateTime', resolve: (a) => a.end }),
    status: t.exposeString('status'),
    is_async: t.exposeBoolean('isAsync'),
    provider: t.field({ type: AppointmentProvider, nullable: true, resolve: (a) => a.provider }),
    treatment: t.field({ type: AppointmentTreatment, nullable: true, resolve: (a) => a.treatment }),
    encounter: t.field({
      type: AppointmentEncounter,
      resolve: (a) => ({ isSigned: a.encounterSigned }),
    }),
    appointment_requirements: t.field({
      type: [AppointmentRequirement],
      resolve: (a) => a.requirements,
    }),
    follow_up_id: t.exposeID('followUpId', { nullable: true }),
    subscription_id: t.exposeID('subscriptionId', { nullable: true }),
    sequence: t.exposeInt('sequence', {
      description: 'Calendar SEQUENCE: 0 when booked, raised by each reschedule.',
    }),
  }),
});

export const AppointmentsByCustomer = builder
  .objectRef<{
    upcoming: AppointmentView[];
    previous: AppointmentView[];
    async: AppointmentView[];
  }>('AppointmentsByCustomer')
  .implement({
    fields: (t) => ({
      upcoming: t.field({ type: [Appointment], resolve: (l) => l.upcoming }),
      previous: t.field({ type: [Appointment], resolve: (l) => l.previous }),
      async: t.field({ type: [Appointment], resolve: (l) => l.async }),
    }),
  });

export const AvailableSlot = builder.objectRef<SlotResult>('AvailableSlot').implement({
  description: 'Spec 01 §3: a free slot of one provider.',
  fields: (t) => ({
    start: t.field({ type: 'DateTime', resolve: (s) => s.start }),
    end: t.field({ type: 'DateTime', resolve: (s) => s.end }),
    provider: t.field({ type: AppointmentProvider, resolve: (s) => s.provider }),
    treatment: t.field({ type: AppointmentTreatment, resolve: (s) => s.treatment }),
  }),
});

export const FollowUp = builder
  .objectRef<{ followUp: FollowUpRow; treatment: TreatmentRow | null }>('FollowUp')
  .implement({
    fields: (t) => ({
      id: t.id({ resolve: (f) => f.followUp.id }),
      customer_id: t.id({ resolve: (f) => f.followUp.customerId }),
      appointment_id: t.id({ nullable: true, resolve: (f) => f.followUp.appointmentId }),
      treatment: t.field({
        type: AppointmentTreatment,
        nullable: true,
        resolve: (f) => f.treatment,
      }),
    }),
  });

export const Reschedule = builder.objectRef<RescheduleRow>('Reschedule').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    customer_id: t.exposeID('customerId'),
    appointment_id: t.exposeID('appointmentId', { nullable: true }),
    status: t.exposeString('status'),
  }),
});

export const PreviousProvider = builder
  .objectRef<PreviousProviderRow>('PreviousProvider')
  .implement({
    fields: (t) => ({
      provider_id: t.id({ resolve: (p) => p.provider.id }),
      count: t.exposeInt('count'),
      last_appointment_start: t.field({ type: 'DateTime', resolve: (p) => p.lastAppointmentStart }),
      virtual_visit_link: t.string({ nullable: true, resolve: (p) => p.provider.virtualVisitLink }),
      profile_image: t.string({ nullable: true, resolve: (p) => p.provider.profileImage }),
      display_name: t.string({ resolve: (p) => p.provider.displayName }),
    }),
  });

const FunnelInfo = builder
  .objectRef<TreatmentConfigurationRow['funnelInfo']>('TreatmentFunnelInfo')
  .implement({
    fields: (t) => ({
      Appointment: t.string({ nullable: true, resolve: (f) => f.Appointment ?? null }),
      FollowupAppointment: t.string({
        nullable: true,
        resolve: (f) => f.FollowupAppointment ?? null,
      }),
      TypeformIntakeId: t.string({ nullable: true, resolve: (f) => f.TypeformIntakeId ?? null }),
      FollowupTypeformIntakeId: t.string({
        nullable: true,
        resolve: (f) => f.FollowupTypeformIntakeId ?? null,
      }),
    }),
  });

export const TreatmentConfiguration = builder
  .objectRef<TreatmentConfigurationRow>('TreatmentConfiguration')
  .implement({
    description: 'Spec 01 §3: a treatment configuration entry.',
    fields: (t) => ({
      TreatmentShortId: t.exposeString('treatmentShortId'),
      FollowUpType: t.exposeString('followUpType', { nullable: true }),
      ItemPriceId: t.exposeString('itemPriceId', { nullable: true }),
      Name: t.exposeString('name'),
      TreatmentCategory: t.exposeString('treatmentCategory'),
      IntakeId: t.exposeString('intakeId', { nullable: true }),
      FollowupIntakeId: t.exposeString('followupIntakeId', { nullable: true }),
      FunnelInfo: t.field({ type: FunnelInfo, resolve: (c) => c.funnelInfo }),
    }),
  });

export const AppointmentPayload = payloadType('AppointmentPayload', Appointment);

export const ReschedulePayload = payloadType('ReschedulePayload', Reschedule);

export const SlotHold = builder.objectRef<HoldRow>('SlotHold').implement({
  description:
    'Issue 43: a picked time held for the viewer until expiresAt; booking it with holdId before then always succeeds.',
  fields: (t) => ({
    id: t.exposeID('id'),
    providerId: t.exposeID('providerId'),
    start: t.field({ type: 'DateTime', resolve: (h) => h.start }),
    end: t.field({ type: 'DateTime', resolve: (h) => h.end }),
    expiresAt: t.field({ type: 'DateTime', resolve: (h) => h.expiresAt }),
  }),
});

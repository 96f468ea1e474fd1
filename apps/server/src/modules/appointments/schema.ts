import { PREVIOUS_PROVIDERS_LIMIT } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { isUuid, requireCustomer } from '../../graphql/guards';
import {
  AppointmentsByCustomer,
  AppointmentTreatment,
  FollowUp,
  PreviousProvider,
  Reschedule,
  TreatmentConfiguration,
} from './schema-types';
import './schema-slots';
import './schema-mutations';
import type { AppointmentService } from './service';

declare module '../../graphql/context' {
  interface Services {
    appointments: AppointmentService;
  }
}

// Spec 01 §7, appointments. The documents the web sends (one per operation file):
//
// query GetAppointmentsByCustomer($minDate: DateTime) { appointmentsByCustomer(minDate: $minDate) {
//   upcoming { ...AppointmentCard } previous { ...AppointmentCard } async { ...AppointmentCard } } }
// fragment AppointmentCard on Appointment { id start end status is_async
//   provider { id displayName title profileImage virtualVisitLink } treatment { id shortId displayName }
//   encounter { is_signed } appointment_requirements { requirement_type completed createdAt link } }
// query GetFollowUpByAppointmentId($appointmentId: ID!) {
//   followUpByAppointmentId(appointmentId: $appointmentId) { id customer_id treatment { id shortId displayName } } }
// query GetFollowUp($id: ID!) { followUp(id: $id) { id customer_id treatment { id shortId displayName } } }
// query GetReschedule($id: ID!) { reschedule(id: $id) { id customer_id status } }
// query GetCustomerPreviousProviders($limit: Int = 5) { customerPreviousProviders(limit: $limit) {
//   provider_id count last_appointment_start virtual_visit_link profile_image display_name } }
// query getTreatmentConfiguration { treatmentConfiguration { TreatmentShortId FollowUpType ItemPriceId Name
//   TreatmentCategory IntakeId FollowupIntakeId FunnelInfo { Appointment FollowupAppointment TypeformIntakeId FollowupTypeformIntakeId } } }
// query GetActiveTreatments { activeTreatments { id shortId displayName } }
// query GetAvailableAdhocSlots($where: AdhocSlotFilter!) { availableAdhocSlots(where: $where, limit: 100) {
//   start end provider { id displayName profileImage virtualVisitLink } } }
// query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!) {
//   availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime) {
//   start end provider { id displayName profileImage virtualVisitLink } treatment { id shortId } } }
// query CheckTimeStillAvailable($state: String!, $treatmentId: ID!, $startTime: DateTime!) {
//   checkTimeStillAvailable(state: $state, treatmentId: $treatmentId, startTime: $startTime) { start end provider { id } } }
// query GetCustomerConsent($customerId: ID) { customerConsentAndPreferences(customerId: $customerId) {
//   consents { type status updated } notification_preferences { type channel status } } }
// mutation RescheduleAppointmentV2($appointmentId: ID!, $providerId: ID!, $start: DateTime!, $end: DateTime!) {
//   rescheduleAppointmentV2(appointmentId: $appointmentId, providerId: $providerId, start: $start, end: $end) {
//   statusCode name message data { id start end provider { id displayName } } } }
// mutation ScheduleAdhocAppointmentV2($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!,
//   $origin: String, $followUpId: ID, $vialCount: Int, $subscriptionId: ID) { scheduleAdhocAppointmentV2(providerId: $providerId,
//   treatmentShortId: $treatmentShortId, start: $start, end: $end, origin: $origin, followUpId: $followUpId,
//   vialCount: $vialCount, subscriptionId: $subscriptionId) { statusCode name message data { id start end } } }
// mutation CreateAsyncAppointment($providerId: ID!, $treatmentId: ID!) {
//   createAsyncAppointment(providerId: $providerId, treatmentId: $treatmentId) { statusCode name message data { id } } }
// mutation UpdateReschedule($id: ID!) { updateRescheduleById(id: $id, status: "SCHEDULED") { statusCode data { id status } } }
// mutation UpsertTosConsent($customerId: ID!, $tosStatus: String!, $marketingContentStatus: String!) {
//   upsertTosConsentAndMarketingPreference(customerId: $customerId, tosStatus: $tosStatus,
//   marketingContentStatus: $marketingContentStatus) { statusCode data { affected_rows } } }
//
// Errors carry extensions.code: A100, A102, A103, T100, T101 (spec 01 §8), C108 (no customer
// record), FORBIDDEN (a customerId argument that is not the viewer's); booking and
// reschedule errors add extensions.reason (slotTaken, slotUnavailable, outsideWindow,
// appointmentInProgress, existingAppointment, noActiveTreatments, notFound, notReschedulable).

builder.queryField('appointmentsByCustomer', (t) =>
  t.field({
    type: AppointmentsByCustomer,
    description:
      'GetAppointmentsByCustomer: upcoming (start after minDate, default now − 30 min), previous (≤ 50), async.',
    authScopes: { customer: true },
    args: { minDate: t.arg({ type: 'DateTime', required: false }) },
    resolve: (_root, args, ctx) =>
      ctx.services.appointments.listForCustomer(
        requireCustomer(ctx),
        args.minDate ?? null,
        ctx.actor,
      ),
  }),
);

builder.queryField('followUpByAppointmentId', (t) =>
  t.field({
    type: FollowUp,
    nullable: true,
    description:
      "GetFollowUpByAppointmentId: the viewer's follow-up of an appointment; null for anyone else's.",
    authScopes: { customer: true },
    args: { appointmentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      if (!isUuid(String(args.appointmentId))) return null;
      return ctx.services.appointments.followUpByAppointmentId(
        customerId,
        String(args.appointmentId),
        ctx.actor,
      );
    },
  }),
);

builder.queryField('followUp', (t) =>
  t.field({
    type: FollowUp,
    nullable: true,
    description: 'follow_up by id; another customer\u2019s reads as null (not found).',
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      if (!isUuid(String(args.id))) return null;
      return ctx.services.appointments.followUp(customerId, String(args.id), ctx.actor);
    },
  }),
);

builder.queryField('reschedule', (t) =>
  t.field({
    type: Reschedule,
    nullable: true,
    description: 'reschedule by id; another customer\u2019s reads as null (not found).',
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      if (!isUuid(String(args.id))) return null;
      return ctx.services.appointments.reschedule(customerId, String(args.id), ctx.actor);
    },
  }),
);

builder.queryField('customerPreviousProviders', (t) =>
  t.field({
    type: [PreviousProvider],
    description:
      'GetCustomerPreviousProviders: providers of past visits, most recent first (limit ≤ 5).',
    authScopes: { customer: true },
    args: { limit: t.arg.int({ required: false, defaultValue: PREVIOUS_PROVIDERS_LIMIT }) },
    resolve: (_root, args, ctx) =>
      ctx.services.appointments.previousProviders(
        requireCustomer(ctx),
        args.limit ?? PREVIOUS_PROVIDERS_LIMIT,
        ctx.actor,
      ),
  }),
);

builder.queryField('treatmentConfiguration', (t) =>
  t.field({
    type: [TreatmentConfiguration],
    description: 'getTreatmentConfiguration: every treatment configuration entry.',
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.appointments.treatmentConfigurations(),
  }),
);

builder.queryField('activeTreatments', (t) =>
  t.field({
    type: [AppointmentTreatment],
    description:
      "Treatments of the viewer's active subscriptions: the booking flow's treatment selector, and its no-active-treatments block.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.appointments.activeTreatments(requireCustomer(ctx)),
  }),
);

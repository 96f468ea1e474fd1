import {
  RESCHEDULE_STATUS_SCHEDULED,
  createAsyncAppointmentSchema,
  rescheduleAppointmentSchema,
  scheduleAppointmentSchema,
  tosConsentSchema,
} from '@portal/domain';
import { builder } from '../../graphql/builder';
import { isUuid, ok, parse, viewerCustomer } from './guards';
import { appointmentError } from './errors';
import {
  AffectedRowsPayload,
  AppointmentPayload,
  ConsentAndPreferences,
  ReschedulePayload,
} from './types';

// Booking, rescheduling, async visits and the terms consent (spec 01 §4, §7). Each resolver
// checks the viewer, parses its input with the domain's zod schema, and calls the service.

builder.mutationType({});

builder.mutationField('scheduleAdhocAppointmentV2', (t) =>
  t.field({
    type: AppointmentPayload,
    description:
      'ScheduleAdhocAppointmentV2: books a live visit for the viewer. Any failure is A102; a slot booked by someone else at the same moment is A102 with reason slotTaken.',
    authScopes: { customer: true },
    args: {
      providerId: t.arg.id({ required: true }),
      treatmentShortId: t.arg.string({ required: true }),
      start: t.arg({ type: 'DateTime', required: true }),
      end: t.arg({ type: 'DateTime', required: true }),
      origin: t.arg.string({ required: false }),
      followUpId: t.arg.id({ required: false }),
      vialCount: t.arg.int({ required: false }),
      subscriptionId: t.arg.id({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = viewerCustomer(ctx);
      const input = parse(scheduleAppointmentSchema, args, 'A102');
      const appointment = await ctx.services.appointments.schedule(customerId, input, ctx.actor);
      return ok('AppointmentScheduled', 'Appointment booked.', appointment);
    },
  }),
);

builder.mutationField('rescheduleAppointmentV2', (t) =>
  t.field({
    type: AppointmentPayload,
    description:
      "RescheduleAppointmentV2: moves the viewer's appointment. A slot that vanished or was taken is A102; anything else A100.",
    authScopes: { customer: true },
    args: {
      appointmentId: t.arg.id({ required: true }),
      providerId: t.arg.id({ required: true }),
      start: t.arg({ type: 'DateTime', required: true }),
      end: t.arg({ type: 'DateTime', required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = viewerCustomer(ctx);
      const input = parse(rescheduleAppointmentSchema, args, 'A100');
      const appointment = await ctx.services.appointments.moveAppointment(
        customerId,
        input,
        ctx.actor,
      );
      return ok('AppointmentRescheduled', 'Appointment rescheduled.', appointment);
    },
  }),
);

builder.mutationField('createAsyncAppointment', (t) =>
  t.field({
    type: AppointmentPayload,
    description:
      'CreateAsyncAppointment: an asynchronous visit with a provider for a treatment; failures are A103.',
    authScopes: { customer: true },
    args: {
      providerId: t.arg.id({ required: true }),
      treatmentId: t.arg.id({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = viewerCustomer(ctx);
      const input = parse(createAsyncAppointmentSchema, args, 'A103');
      const appointment = await ctx.services.appointments.createAsync(customerId, input, ctx.actor);
      return ok('AsyncAppointmentCreated', 'Async appointment created.', appointment);
    },
  }),
);

builder.mutationField('updateRescheduleById', (t) =>
  t.field({
    type: ReschedulePayload,
    description:
      "update reschedule by id: marks the viewer's own reschedule request SCHEDULED (the only status allowed).",
    authScopes: { customer: true },
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg.string({ required: false, defaultValue: RESCHEDULE_STATUS_SCHEDULED }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = viewerCustomer(ctx);
      if ((args.status ?? RESCHEDULE_STATUS_SCHEDULED) !== RESCHEDULE_STATUS_SCHEDULED) {
        throw appointmentError('A100', 'Invalid status.', {
          fields: { status: 'appointments.validation.statusInvalid' },
        });
      }
      const id = String(args.id);
      if (!isUuid(id))
        throw appointmentError('A100', 'Reschedule not found.', { reason: 'notFound' });
      const row = await ctx.services.appointments.markRescheduleScheduled(
        customerId,
        id,
        ctx.actor,
      );
      return ok('RescheduleUpdated', 'Reschedule scheduled.', row);
    },
  }),
);

builder.mutationField('upsertTosConsentAndMarketingPreference', (t) =>
  t.field({
    type: AffectedRowsPayload,
    description:
      'Upserts the TOS consent and the marketing email preference of the viewer (customerId must be the viewer); failures are A103.',
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: true }),
      tosStatus: t.arg.string({ required: true }),
      marketingContentStatus: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = viewerCustomer(ctx, String(args.customerId));
      const input = parse(tosConsentSchema, args, 'A103');
      const affectedRows = await ctx.services.appointments.saveTosAndMarketing(
        customerId,
        input,
        ctx.actor,
      );
      return ok('ConsentSaved', 'Consent saved.', { affectedRows });
    },
  }),
);

builder.queryField('customerConsentAndPreferences', (t) =>
  t.field({
    type: ConsentAndPreferences,
    description:
      "Customer consent and notification preferences: the viewer's (customerId, if sent, must be the viewer).",
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) => {
      const customerId = viewerCustomer(
        ctx,
        args.customerId == null ? null : String(args.customerId),
      );
      return ctx.services.appointments.consentsAndPreferences(customerId, ctx.actor);
    },
  }),
);

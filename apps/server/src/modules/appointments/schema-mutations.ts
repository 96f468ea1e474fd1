import {
  RESCHEDULE_STATUS_SCHEDULED,
  createAsyncAppointmentSchema,
  holdAppointmentSlotSchema,
  rescheduleAppointmentSchema,
  scheduleAppointmentSchema,
} from '@portal/domain';
import { builder } from '../../graphql/builder';
import { codedError } from '../../platform/errors';
import { isUuid, parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import { AppointmentPayload, ReschedulePayload, SlotHold } from './schema-types';

// Booking, rescheduling and async visits (spec 01 §4, §7). Each resolver
// checks the viewer, parses its input with the domain's zod schema, and calls the service.

builder.mutationType({});

builder.mutationField('scheduleAdhocAppointmentV2', (t) =>
  t.field({
    type: AppointmentPayload,
    description:
      "ScheduleAdhocAppointmentV2: books a live visit for the viewer. Any failure is A102; a time booked or held by someone else is A102 with reason slotTaken and extensions.alternatives (the three nearest free times). With the viewer's live hold (holdId) on the time it always books.",
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
      holdId: t.arg.id({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(scheduleAppointmentSchema, args, 'A102');
      const appointment = await ctx.services.appointments.booking.schedule(
        customerId,
        input,
        ctx.actor,
      );
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
      holdId: t.arg.id({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(rescheduleAppointmentSchema, args, 'A100');
      const appointment = await ctx.services.appointments.booking.moveAppointment(
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
      const customerId = requireCustomer(ctx);
      const input = parseArgs(createAsyncAppointmentSchema, args, 'A103');
      const appointment = await ctx.services.appointments.booking.createAsync(
        customerId,
        input,
        ctx.actor,
      );
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
      const customerId = requireCustomer(ctx);
      if ((args.status ?? RESCHEDULE_STATUS_SCHEDULED) !== RESCHEDULE_STATUS_SCHEDULED) {
        throw codedError('A100', 'Invalid status.', {
          fields: { status: 'appointments.validation.statusInvalid' },
        });
      }
      const id = String(args.id);
      if (!isUuid(id)) throw codedError('A100', 'Reschedule not found.', { reason: 'notFound' });
      const row = await ctx.services.appointments.markRescheduleScheduled(
        customerId,
        id,
        ctx.actor,
      );
      return ok('RescheduleUpdated', 'Reschedule scheduled.', row);
    },
  }),
);

builder.mutationField('holdAppointmentSlot', (t) =>
  t.field({
    type: SlotHold,
    description:
      "Issue 43: holds a picked time for the viewer for five minutes, replacing the viewer's previous hold. A time booked or held by someone else is A102 slotTaken with extensions.alternatives; a time off the provider's hours A102 slotUnavailable. appointmentId: the viewer's visit the time would move (the reschedule window applies).",
    authScopes: { customer: true },
    args: {
      providerId: t.arg.id({ required: true }),
      treatmentShortId: t.arg.string({ required: true }),
      start: t.arg({ type: 'DateTime', required: true }),
      end: t.arg({ type: 'DateTime', required: true }),
      appointmentId: t.arg.id({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(holdAppointmentSlotSchema, args, 'A102');
      return ctx.services.appointments.booking.slotHolds.hold(customerId, input, ctx.actor);
    },
  }),
);

builder.mutationField('releaseAppointmentHold', (t) =>
  t.boolean({
    description:
      "Issue 43: gives the viewer's hold back at once; false when it is not the viewer's or already gone.",
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = String(args.id);
      if (!isUuid(id)) return false;
      return ctx.services.appointments.booking.slotHolds.release(customerId, id);
    },
  }),
);

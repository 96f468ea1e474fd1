import { ADHOC_SLOT_LIMIT } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { codedError } from '../../graphql/errors';
import { requireCustomer } from '../../graphql/guards';
import { slotSearch } from './guards';
import { AvailableSlot } from './types';

// Slot reads (spec 01 §7). The server applies the booking window (or the reschedule window
// with forReschedule) whatever range the client asks for; it only narrows it.

const AdhocSlotFilter = builder.inputType('AdhocSlotFilter', {
  description: 'GetAvailableAdhocSlots where filter: provider, treatment, state, start window.',
  fields: (t) => ({
    providerId: t.id({ required: false }),
    treatmentId: t.id({ required: false }),
    treatmentShortId: t.string({ required: false }),
    state: t.string({ required: true }),
    startGte: t.field({ type: 'DateTime', required: false }),
    startLte: t.field({ type: 'DateTime', required: false }),
  }),
});

builder.queryField('availableSlots', (t) =>
  t.field({
    type: [AvailableSlot],
    description:
      'GetAvailableSlots: free slots of providers licensed in the state who see the treatment, ordered by start, from startTime to the end of the window. distinctStart keeps one provider per start, at random (spec 01 §9). No slot at all (without providerId) is T101.',
    authScopes: { customer: true },
    args: {
      state: t.arg.string({ required: true }),
      treatmentId: t.arg.id({ required: true }),
      startTime: t.arg({ type: 'DateTime', required: true }),
      endTime: t.arg({ type: 'DateTime', required: false }),
      providerId: t.arg.id({ required: false }),
      language: t.arg.string({ required: false, defaultValue: 'en-US' }),
      forReschedule: t.arg.boolean({ required: false, defaultValue: false }),
      distinctStart: t.arg.boolean({ required: false, defaultValue: false }),
    },
    resolve: async (_root, args, ctx) => {
      requireCustomer(ctx);
      const search = slotSearch({
        state: args.state,
        treatmentId: String(args.treatmentId),
        startTime: args.startTime,
        endTime: args.endTime ?? null,
        providerId: args.providerId == null ? null : String(args.providerId),
        language: args.language ?? null,
        forReschedule: args.forReschedule ?? false,
      });
      const slots = await ctx.services.appointments.slots.availableSlots(search, {
        distinctStart: args.distinctStart ?? false,
      });
      if (slots.length === 0 && !search.providerId) {
        throw codedError('T101', 'No slots for this location and treatment.');
      }
      return slots;
    },
  }),
);

builder.queryField('availableAdhocSlots', (t) =>
  t.field({
    type: [AvailableSlot],
    description:
      'GetAvailableAdhocSlots: free slots matching the filter, distinct by start, ordered by start, at most 100.',
    authScopes: { customer: true },
    args: {
      where: t.arg({ type: AdhocSlotFilter, required: true }),
      limit: t.arg.int({ required: false, defaultValue: ADHOC_SLOT_LIMIT }),
      forReschedule: t.arg.boolean({ required: false, defaultValue: false }),
    },
    resolve: async (_root, args, ctx) => {
      requireCustomer(ctx);
      const { where } = args;
      let treatmentId = where.treatmentId == null ? null : String(where.treatmentId);
      if (!treatmentId && where.treatmentShortId) {
        treatmentId =
          (await ctx.services.appointments.slots.treatmentIdForShortId(where.treatmentShortId)) ??
          null;
      }
      if (!treatmentId) throw codedError('T101', 'No slots for this location and treatment.');
      const search = slotSearch({
        state: where.state,
        treatmentId,
        startTime: where.startGte ?? new Date(0),
        endTime: where.startLte ?? null,
        providerId: where.providerId == null ? null : String(where.providerId),
        language: null,
        forReschedule: args.forReschedule ?? false,
      });
      return ctx.services.appointments.slots.adhocSlots(search, args.limit ?? ADHOC_SLOT_LIMIT);
    },
  }),
);

builder.queryField('checkTimeStillAvailable', (t) =>
  t.field({
    type: [AvailableSlot],
    description:
      'CheckTimeStillAvailable: the free slots starting exactly at startTime (one per provider); empty when the time is gone.',
    authScopes: { customer: true },
    args: {
      state: t.arg.string({ required: true }),
      treatmentId: t.arg.id({ required: true }),
      startTime: t.arg({ type: 'DateTime', required: true }),
      providerId: t.arg.id({ required: false }),
      language: t.arg.string({ required: false, defaultValue: 'en-US' }),
      forReschedule: t.arg.boolean({ required: false, defaultValue: false }),
    },
    resolve: (_root, args, ctx) => {
      requireCustomer(ctx);
      const search = slotSearch({
        state: args.state,
        treatmentId: String(args.treatmentId),
        startTime: args.startTime,
        providerId: args.providerId == null ? null : String(args.providerId),
        language: args.language ?? null,
        forReschedule: args.forReschedule ?? false,
      });
      return ctx.services.appointments.slots.slotsAt(search);
    },
  }),
);

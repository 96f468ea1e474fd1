import { ADHOC_SLOT_LIMIT, AVAILABILITY_LABELS, type AvailabilityLabel } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { codedError } from '../../platform/errors';
import { requireCustomer } from '../../graphql/guards';
import { slotSearch, timeZoneArg } from './schema-guards';
import type { NamedFreeSlotRow } from './availability-store';
import { selectedFieldNames } from '../../graphql/selection';
import type { AvailabilitySummary } from './slots';
import { AppointmentProvider, AvailableSlot } from './schema-types';

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

const AvailabilityLabelEnum = builder.enumType('AvailabilityLabel', {
  values: AVAILABILITY_LABELS,
});

const AvailabilityDay = builder
  .objectRef<{ date: string; label: AvailabilityLabel | null }>('AvailabilityDay')
  .implement({
    fields: (t) => ({
      date: t.exposeString('date', { description: 'yyyy-MM-dd in the asked time zone.' }),
      label: t.field({ type: AvailabilityLabelEnum, nullable: true, resolve: (d) => d.label }),
    }),
  });

const AvailabilityDaySlot = builder.objectRef<NamedFreeSlotRow>('AvailabilityDaySlot').implement({
  description:
    "A free slot of the summary's first day: the provider by id and name (their other details are in the summary's providers).",
  fields: (t) => ({
    start: t.field({ type: 'DateTime', resolve: (s) => s.start }),
    end: t.field({ type: 'DateTime', resolve: (s) => s.end }),
    providerId: t.id({ resolve: (s) => s.providerId }),
    providerName: t.exposeString('providerName', {
      description: "The provider's display name.",
    }),
  }),
});

const AvailabilityFirstDay = builder
  .objectRef<NonNullable<AvailabilitySummary['firstDay']>>('AvailabilityFirstDay')
  .implement({
    fields: (t) => ({
      date: t.exposeString('date', { description: 'yyyy-MM-dd in the asked time zone.' }),
      slots: t.field({ type: [AvailabilityDaySlot], resolve: (d) => d.slots }),
    }),
  });

const AvailabilitySummaryRef = builder
  .objectRef<AvailabilitySummary>('AvailabilitySummary')
  .implement({
    fields: (t) => ({
      providers: t.field({ type: [AppointmentProvider], resolve: (s) => s.providers }),
      days: t.field({ type: [AvailabilityDay], resolve: (s) => s.days }),
      firstDay: t.field({
        type: AvailabilityFirstDay,
        nullable: true,
        description:
          'With firstDay: true, the first day of the strip and its free slots (one provider per start, at random, without providerId), computed beside the strip; otherwise null.',
        resolve: (s) => s.firstDay,
      }),
    }),
  });

/** The search window's arguments, shared by the day strip and GetAvailableSlots. */
const windowArgs = builder.args((t) => ({
  state: t.string({ required: true }),
  treatmentId: t.id({ required: true }),
  startTime: t.field({ type: 'DateTime', required: true }),
  endTime: t.field({ type: 'DateTime', required: false }),
  providerId: t.id({ required: false }),
  language: t.string({ required: false, defaultValue: 'en-US' }),
  forReschedule: t.boolean({ required: false, defaultValue: false }),
}));

function windowSearch(args: {
  state: string;
  treatmentId: string | number;
  startTime: Date;
  endTime?: Date | null;
  providerId?: string | number | null;
  language?: string | null;
  forReschedule?: boolean | null;
}) {
  return slotSearch({
    state: args.state,
    treatmentId: String(args.treatmentId),
    startTime: args.startTime,
    endTime: args.endTime ?? null,
    providerId: args.providerId == null ? null : String(args.providerId),
    language: args.language ?? null,
    forReschedule: args.forReschedule ?? false,
  });
}

builder.queryField('availabilitySummary', (t) =>
  t.field({
    type: AvailabilitySummaryRef,
    description:
      "The booking dialog's day strip: each local day (in timeZone) of the window with a free slot and its label (spec 01 §9), for providerId or any provider, and the providers with a free slot. Same window and variables as GetAvailableSlots; no slot at all (without providerId) is T101. Only the asked parts are computed, so the strip and the providers can be asked side by side.",
    authScopes: { customer: true },
    args: {
      ...windowArgs,
      timeZone: t.arg.string({ required: true }),
      firstDay: t.arg.boolean({
        required: false,
        defaultValue: false,
        description: 'Also answer the first day of the strip with its slots (firstDay).',
      }),
    },
    resolve: async (_root, args, ctx, info) => {
      const search = { ...windowSearch(args), viewerId: requireCustomer(ctx) };
      // Issue 46: only the asked parts are computed (the dialog asks for the strip and the
      // providers side by side, so its first paint does not wait for the providers).
      const asked = selectedFieldNames(info);
      const summary = await ctx.services.appointments.slots.availabilitySummary(
        search,
        timeZoneArg(args.timeZone),
        {
          firstDay: args.firstDay ?? false,
          providers: asked.has('providers'),
          // Without providerId, an empty strip is how "no slot at all" is known (T101).
          days: asked.has('days') || (!search.providerId && !asked.has('providers')),
        },
      );
      const noSlot = asked.has('providers')
        ? summary.providers.length === 0
        : summary.days.length === 0;
      if (noSlot && !search.providerId) {
        throw codedError('T101', 'No slots for this location and treatment.');
      }
      return summary;
    },
  }),
);

builder.queryField('availableSlots', (t) =>
  t.field({
    type: [AvailableSlot],
    description:
      'GetAvailableSlots: free slots of providers licensed in the state who see the treatment, ordered by start, from startTime to the end of the window. distinctStart keeps one provider per start, at random (spec 01 §9). No slot at all (without providerId) is T101.',
    authScopes: { customer: true },
    args: {
      ...windowArgs,
      distinctStart: t.arg.boolean({ required: false, defaultValue: false }),
      day: t.arg.string({
        required: false,
        description:
          'One local day (yyyy-MM-dd in timeZone): only its slots, computed in the database.',
      }),
      timeZone: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const search = { ...windowSearch(args), viewerId: requireCustomer(ctx) };
      const distinctStart = args.distinctStart ?? false;
      const slots = args.day
        ? await ctx.services.appointments.slots.daySlots(
            search,
            { date: args.day, timeZone: timeZoneArg(args.timeZone ?? 'UTC') },
            { distinctStart },
          )
        : await ctx.services.appointments.slots.availableSlots(search, { distinctStart });
      if (args.day) return slots;
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
      const viewerId = requireCustomer(ctx);
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
      return ctx.services.appointments.slots.adhocSlots(
        { ...search, viewerId },
        args.limit ?? ADHOC_SLOT_LIMIT,
      );
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
      const viewerId = requireCustomer(ctx);
      const search = slotSearch({
        state: args.state,
        treatmentId: String(args.treatmentId),
        startTime: args.startTime,
        providerId: args.providerId == null ? null : String(args.providerId),
        language: args.language ?? null,
        forReschedule: args.forReschedule ?? false,
      });
      return ctx.services.appointments.slots.slotsAt({ ...search, viewerId });
    },
  }),
);

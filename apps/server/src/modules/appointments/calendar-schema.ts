import { displayTimeZoneSchema } from '@portal/domain';
import { builder } from '../../graphql/builder';
import { isUuid, parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import { payloadType } from '../../graphql/payload-type';
import { codedError } from '../../platform/errors';
import type { VisitCancellation } from './calendar-cancellation';
import type { CalendarMail, VisitFile } from './calendar-mail';

declare module '../../graphql/context' {
  interface Services {
    calendarMail: CalendarMail;
    visitCancellation: VisitCancellation;
  }
}

// Issue 43: "Add to Calendar" downloads the visit's file as the last mail carried it, and the
// zone times are shown in is saved on the customer's record: the device's until they choose.
//
// query GetAppointmentCalendarFile($appointmentId: ID!) {
//   appointmentCalendarFile(appointmentId: $appointmentId) { filename method content } }
// query GetDisplayTimeZone { displayTimeZone { timeZone chosen } }
// mutation SetDisplayTimeZone($timeZone: String!, $fromDevice: Boolean) {
//   setDisplayTimeZone(timeZone: $timeZone, fromDevice: $fromDevice) {
//     data { timeZone chosen } message name statusCode } }

const AppointmentCalendarFile = builder.objectRef<VisitFile>('AppointmentCalendarFile').implement({
  description: 'An appointment’s iCalendar file (RFC 5545), the same as its last mail’s.',
  fields: (t) => ({
    filename: t.exposeString('filename'),
    method: t.exposeString('method', { description: 'REQUEST or CANCEL.' }),
    content: t.exposeString('ics', { description: 'The file’s text (text/calendar).' }),
  }),
});

builder.queryField('appointmentCalendarFile', (t) =>
  t.field({
    type: AppointmentCalendarFile,
    nullable: true,
    description:
      "The viewer's appointment as an .ics file: the UID, SEQUENCE and METHOD of the last mail about it. Null for an appointment that is not the viewer's.",
    authScopes: { customer: true },
    args: { appointmentId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = String(args.appointmentId);
      if (!isUuid(id)) return null;
      return ctx.services.calendarMail.visitFile(customerId, id);
    },
  }),
);

const DisplayTimeZone = builder
  .objectRef<{ timeZone: string; chosen: boolean }>('DisplayTimeZone')
  .implement({
    description:
      'The zone visit times are shown in (and the mails and calendar files use): the customer’s choice once they made one; until then the zone of the device they last read on.',
    fields: (t) => ({
      timeZone: t.exposeString('timeZone'),
      chosen: t.exposeBoolean('chosen', {
        description: 'Whether the customer chose it; if not, the portal follows the device.',
      }),
    }),
  });

const DisplayTimeZonePayload = payloadType('DisplayTimeZonePayload', DisplayTimeZone);

builder.queryField('displayTimeZone', (t) =>
  t.field({
    type: DisplayTimeZone,
    nullable: true,
    description: 'The zone the viewer reads visit times in, and whether they chose it.',
    authScopes: { customer: true },
    resolve: async (_root, _args, ctx) =>
      (await ctx.services.customers.timeZoneOf(requireCustomer(ctx))) ?? null,
  }),
);

builder.mutationField('setDisplayTimeZone', (t) =>
  t.field({
    type: DisplayTimeZonePayload,
    description:
      'Saves the zone the viewer reads visit times in (one of BOOKING_TIME_ZONES); the cards, mails and calendar files use it. A choice wins on every device from then on; with fromDevice, the zone of the device the portal runs on, taken only while the viewer has chosen none (the answer is the zone that stands). A100 with a field error otherwise.',
    authScopes: { customer: true },
    args: {
      timeZone: t.arg.string({ required: true }),
      fromDevice: t.arg.boolean({ required: false, defaultValue: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(displayTimeZoneSchema, { timeZone: args.timeZone }, 'A100');
      const saved = await ctx.services.customers.setTimeZone(
        customerId,
        input.timeZone,
        args.fromDevice ? 'device' : 'chosen',
        ctx.actor,
      );
      if (!saved) throw codedError('A100', 'Customer not found.', { reason: 'notFound' });
      return ok('DisplayTimeZoneSaved', 'Time zone saved.', saved);
    },
  }),
);

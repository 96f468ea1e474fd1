import {
  measurementChangeFormSchema,
  measurementInputSchema,
  measurementsInputSchema,
  updateWeightArgsSchema,
} from '@portal/domain';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok, type Payload } from '../../graphql/payload';
import type { MeasurementChangeFormRow, MeasurementRow, WeightService } from './service';

declare module '../../graphql/context' {
  interface Services {
    weight: WeightService;
  }
}

// Weight tracking of the signed-in customer (spec 02 §7, issue 13). Saves fail as C110 (bad
// input: one message key per field, measurements.errorWeight for a weight out of bounds),
// loads as C111, the home address's weightData import as C112.

const CustomerMeasurement = builder.objectRef<MeasurementRow>('CustomerMeasurement').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    customer_id: t.exposeID('customerId'),
    type: t.exposeString('type'),
    value: t.exposeInt('value', { description: 'Hundredths of a pound; inches for height.' }),
    unit: t.exposeString('unit'),
    source: t.exposeString('source'),
    recorded_at: t.field({ type: 'Date', resolve: (m) => m.recordedAt }),
    created_at: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
    updated_at: t.field({ type: 'DateTime', resolve: (m) => m.updatedAt }),
  }),
});

const MeasurementChangeForm = builder
  .objectRef<MeasurementChangeFormRow>('MeasurementChangeForm')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      type: t.exposeString('type'),
      value: t.exposeInt('value'),
      unit: t.exposeString('unit'),
      status: t.exposeString('status'),
      created_at: t.field({ type: 'DateTime', resolve: (f) => f.createdAt }),
    }),
  });

const MeasurementInput = builder.inputType('CustomerMeasurementInput', {
  fields: (t) => ({
    type: t.string({ required: true }),
    value: t.int({ required: true }),
    unit: t.string({ required: true }),
    recorded_at: t.field({ type: 'Date', required: true }),
  }),
});

const MeasurementPayload = payloadType('CustomerMeasurementPayload', CustomerMeasurement);

const MeasurementsPayload = builder
  .objectRef<Payload<MeasurementRow[]>>('CustomerMeasurementsPayload')
  .implement({
    fields: (t) => ({
      data: t.field({ type: [CustomerMeasurement], resolve: (p) => p.data }),
      message: t.exposeString('message'),
      name: t.exposeString('name'),
      statusCode: t.exposeInt('statusCode'),
    }),
  });

const ChangeFormPayload = payloadType('MeasurementChangeFormPayload', MeasurementChangeForm);

const WeightImport = builder
  .objectRef<{ recorded: number; skipped: number; alreadyRecorded: number }>('WeightImport')
  .implement({
    fields: (t) => ({
      recorded: t.exposeInt('recorded'),
      skipped: t.exposeInt('skipped'),
      already_recorded: t.exposeInt('alreadyRecorded'),
    }),
  });

const toInput = (m: { type: string; value: number; unit: string; recorded_at: string }) => ({
  type: m.type,
  value: m.value,
  unit: m.unit,
  recordedAt: m.recorded_at,
});

builder.queryField('getCustomerMeasurements', (t) =>
  t.field({
    type: [CustomerMeasurement],
    description:
      "The viewer's measurements, oldest day first (customerId, if sent, must be the viewer); failures are C111.",
    authScopes: { customer: true },
    args: { customerId: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) =>
      ctx.services.weight.list(requireCustomer(ctx, args.customerId), ctx.actor),
  }),
);

builder.queryField('measurementChangeForms', (t) =>
  t.field({
    type: [MeasurementChangeForm],
    description: "The viewer's starting-weight change requests, newest first.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.weight.changeForms(requireCustomer(ctx)),
  }),
);

builder.mutationField('InsertCustomerMeasurement', (t) =>
  t.field({
    type: MeasurementsPayload,
    description:
      'Records one measurement of the viewer; an unchanged goal or height saves nothing; a starting weight only when there is none (else InsertMeasurementChangeForm). Failures are C110.',
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: true }),
      type: t.arg.string({ required: true }),
      value: t.arg.int({ required: true }),
      unit: t.arg.string({ required: true }),
      recorded_at: t.arg({ type: 'Date', required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.customerId);
      const input = parseArgs(measurementInputSchema, toInput(args), 'C110');
      const saved = await ctx.services.weight.insert(customerId, [input], ctx.actor);
      return ok('MeasurementSaved', 'Measurement saved.', saved);
    },
  }),
);

builder.mutationField('InsertCustomerMeasurements', (t) =>
  t.field({
    type: MeasurementsPayload,
    description:
      'Records several measurements of the viewer in one transaction (all or none); failures are C110.',
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: true }),
      objects: t.arg({ type: [MeasurementInput], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.customerId);
      const inputs = parseArgs(measurementsInputSchema, args.objects.map(toInput), 'C110');
      const saved = await ctx.services.weight.insert(customerId, inputs, ctx.actor);
      return ok('MeasurementsSaved', 'Measurements saved.', saved);
    },
  }),
);

builder.mutationField('updateWeightMeasurement', (t) =>
  t.field({
    type: MeasurementPayload,
    description:
      "Changes one of the viewer's weight entries (newWeight in hundredths of a pound); failures are C110.",
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }), newWeight: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        updateWeightArgsSchema,
        { id: String(args.id), newWeight: args.newWeight },
        'C110',
      );
      const row = await ctx.services.weight.updateWeight(
        customerId,
        input.id,
        input.newWeight,
        ctx.actor,
      );
      return ok('WeightUpdated', 'Weight updated.', row);
    },
  }),
);

builder.mutationField('InsertMeasurementChangeForm', (t) =>
  t.field({
    type: ChangeFormPayload,
    description:
      'Asks the provider team to set the starting weight (hundredths of a pound); they approve or decline it. Failures are C110.',
    authScopes: { customer: true },
    args: {
      customerId: t.arg.id({ required: true }),
      startingWeight: t.arg.int({ required: true }),
      reason: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx, args.customerId);
      const input = parseArgs(
        measurementChangeFormSchema,
        { startingWeight: args.startingWeight, reason: args.reason ?? '' },
        'C110',
      );
      const form = await ctx.services.weight.requestStartingWeight(customerId, input, ctx.actor);
      return ok('MeasurementChangeRequested', 'Sent to the provider team.', form);
    },
  }),
);

const weightDataArg = z.string().trim().min(1).max(8000);

builder.mutationField('importWeightData', (t) =>
  t.field({
    type: WeightImport,
    description:
      "Records the home address's weightData (dot-separated date_value, value in hundredths of a pound) as weights, each day once; failures are C112.",
    authScopes: { customer: true },
    args: { weightData: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const weightData = parseArgs(weightDataArg, args.weightData, 'C112');
      return ctx.services.weight.importWeightData(customerId, weightData, ctx.actor);
    },
  }),
);

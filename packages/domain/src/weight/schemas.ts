import { z } from 'zod';
import { WEIGHT_UNIT } from '../constants';
import { MEASUREMENT_TYPES } from '../vocabularies';
import { isCalendarDate } from './import';
import { HEIGHT_BOUNDS_IN, WEIGHT_BOUNDS_HUNDREDTHS, poundsToHundredths } from './measures';

// Inputs of weight tracking (spec 02 §5, §7), shared by the web form and the server. Messages
// are catalogue keys; `measurements.errorWeight` is the spec's.

export const WEIGHT_ERROR_KEY = 'measurements.errorWeight';
export const HEIGHT_ERROR_KEY = 'measurements.errorHeight';

/** A weight the customer types, in pounds: 50 to 1400 inclusive (spec 02 §5). */
export const weightLbSchema = z
  .number({ message: WEIGHT_ERROR_KEY })
  .finite(WEIGHT_ERROR_KEY)
  .refine((lb) => {
    const stored = poundsToHundredths(lb);
    return stored >= WEIGHT_BOUNDS_HUNDREDTHS.min && stored <= WEIGHT_BOUNDS_HUNDREDTHS.max;
  }, WEIGHT_ERROR_KEY);

/** The same bound on a typed string (the form's field). */
export const weightTextSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,2})?$/, WEIGHT_ERROR_KEY)
  .transform(Number)
  .pipe(weightLbSchema);

export const measurementTypeSchema = z.enum(MEASUREMENT_TYPES);
export const MEASUREMENT_UNITS = [WEIGHT_UNIT, 'inches'] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** The unit each type is stored in (spec 02 §3). */
export function unitOf(type: z.infer<typeof measurementTypeSchema>): MeasurementUnit {
  return type === 'height' ? 'inches' : WEIGHT_UNIT;
}

const calendarDate = z.string().refine(isCalendarDate, 'measurements.invalidDate');

/** One measurement to insert: the stored integer with its unit (spec 02 §7). */
export const measurementInputSchema = z
  .strictObject({
    type: measurementTypeSchema,
    value: z.number().int(),
    unit: z.enum(MEASUREMENT_UNITS),
    recordedAt: calendarDate,
  })
  .superRefine((m, ctx) => {
    if (m.unit !== unitOf(m.type)) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'measurements.invalidUnit' });
    } else if (m.type === 'height') {
      if (m.value < HEIGHT_BOUNDS_IN.min || m.value > HEIGHT_BOUNDS_IN.max) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: HEIGHT_ERROR_KEY });
      }
    } else if (m.value < WEIGHT_BOUNDS_HUNDREDTHS.min || m.value > WEIGHT_BOUNDS_HUNDREDTHS.max) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: WEIGHT_ERROR_KEY });
    }
  });
export type MeasurementInput = z.infer<typeof measurementInputSchema>;

/** InsertCustomerMeasurements {objects}: at most a year of entries at once. */
export const measurementsInputSchema = z.array(measurementInputSchema).min(1).max(366);

/** updateWeightMeasurement {id, newWeight}: the new weight in hundredths of a pound. */
export const updateWeightArgsSchema = z.strictObject({
  id: z.uuid(),
  newWeight: z
    .number()
    .int()
    .min(WEIGHT_BOUNDS_HUNDREDTHS.min, WEIGHT_ERROR_KEY)
    .max(WEIGHT_BOUNDS_HUNDREDTHS.max, WEIGHT_ERROR_KEY),
});

/** InsertMeasurementChangeForm: a starting weight the provider team confirms (spec 02 §6). */
export const measurementChangeFormSchema = z.strictObject({
  startingWeight: z
    .number()
    .int()
    .min(WEIGHT_BOUNDS_HUNDREDTHS.min, WEIGHT_ERROR_KEY)
    .max(WEIGHT_BOUNDS_HUNDREDTHS.max, WEIGHT_ERROR_KEY),
  reason: z.string().trim().max(1000).default(''),
});

/** The staff decision on a change request. */
export const measurementChangeDecisionSchema = z.strictObject({
  decision: z.enum(['approved', 'declined']),
  note: z.string().trim().max(1000).optional(),
});

/** The height form: feet and inches. */
export const heightFormSchema = z
  .strictObject({ feet: z.number().int().min(0).max(9), inches: z.number().int().min(0).max(11) })
  .refine(
    (h) =>
      h.feet * 12 + h.inches >= HEIGHT_BOUNDS_IN.min &&
      h.feet * 12 + h.inches <= HEIGHT_BOUNDS_IN.max,
    HEIGHT_ERROR_KEY,
  );

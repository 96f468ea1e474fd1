import { z } from 'zod';

/** Message keys of the en/es catalogues for bad booking input (spec 01 §5). */
export const APPOINTMENT_MESSAGES = {
  providerRequired: 'appointments.validation.providerRequired',
  startRequired: 'appointments.validation.startRequired',
  endRequired: 'appointments.validation.endRequired',
  endBeforeStart: 'appointments.validation.endBeforeStart',
  treatmentRequired: 'appointments.validation.treatmentRequired',
  treatmentInvalid: 'appointments.validation.treatmentInvalid',
  idInvalid: 'appointments.validation.idInvalid',
  vialCountInvalid: 'appointments.validation.vialCountInvalid',
  termsRequired: 'appointments.validation.termsRequired',
  statusInvalid: 'appointments.validation.statusInvalid',
} as const;

const idSchema = (message: string) => z.uuid({ error: message });

/** Spec 01 §5: the treatment must be a valid short id (lower-case words joined by _). */
export const treatmentShortIdSchema = z
  .string({ error: APPOINTMENT_MESSAGES.treatmentRequired })
  .trim()
  .min(1, { error: APPOINTMENT_MESSAGES.treatmentRequired })
  .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, { error: APPOINTMENT_MESSAGES.treatmentInvalid });

const slotTimesShape = {
  providerId: idSchema(APPOINTMENT_MESSAGES.providerRequired),
  start: z.date({ error: APPOINTMENT_MESSAGES.startRequired }),
  end: z.date({ error: APPOINTMENT_MESSAGES.endRequired }),
};

function endAfterStart(value: { start: Date; end: Date }) {
  return value.end.getTime() > value.start.getTime();
}

/** Spec 01 §5, §7: booking needs a provider, start, end and treatment short id. */
export const scheduleAppointmentSchema = z
  .object({
    ...slotTimesShape,
    treatmentShortId: treatmentShortIdSchema,
    origin: z.string().trim().max(100).nullish(),
    followUpId: idSchema(APPOINTMENT_MESSAGES.idInvalid).nullish(),
    vialCount: z
      .number()
      .int({ error: APPOINTMENT_MESSAGES.vialCountInvalid })
      // Spec 02 §5, §9: a bulk visit carries one of the sale table's vial counts, 2 to 6.
      .min(2, { error: APPOINTMENT_MESSAGES.vialCountInvalid })
      .max(6, { error: APPOINTMENT_MESSAGES.vialCountInvalid })
      .nullish(),
    subscriptionId: idSchema(APPOINTMENT_MESSAGES.idInvalid).nullish(),
    /** Issue 43: the customer's hold on this time (a live one always books). */
    holdId: idSchema(APPOINTMENT_MESSAGES.idInvalid).nullish(),
  })
  .refine(endAfterStart, { path: ['end'], error: APPOINTMENT_MESSAGES.endBeforeStart });
export type ScheduleAppointmentInput = z.infer<typeof scheduleAppointmentSchema>;

/** Spec 01 §7: RescheduleAppointmentV2 {appointmentId, providerId, start, end}. */
export const rescheduleAppointmentSchema = z
  .object({
    appointmentId: idSchema(APPOINTMENT_MESSAGES.idInvalid),
    ...slotTimesShape,
    holdId: idSchema(APPOINTMENT_MESSAGES.idInvalid).nullish(),
  })
  .refine(endAfterStart, { path: ['end'], error: APPOINTMENT_MESSAGES.endBeforeStart });
export type RescheduleAppointmentInput = z.infer<typeof rescheduleAppointmentSchema>;

/**
 * Issue 43: holding a picked time for five minutes (SLOT_HOLD_MINUTES): the booking's
 * provider, treatment and times, and for a reschedule the appointment it would move.
 */
export const holdAppointmentSlotSchema = z
  .object({
    ...slotTimesShape,
    treatmentShortId: treatmentShortIdSchema,
    appointmentId: idSchema(APPOINTMENT_MESSAGES.idInvalid).nullish(),
  })
  .refine(endAfterStart, { path: ['end'], error: APPOINTMENT_MESSAGES.endBeforeStart });
export type HoldAppointmentSlotInput = z.infer<typeof holdAppointmentSlotSchema>;

/** Spec 01 §7: CreateAsyncAppointment {providerId, treatmentId}. */
export const createAsyncAppointmentSchema = z.object({
  providerId: idSchema(APPOINTMENT_MESSAGES.providerRequired),
  treatmentId: idSchema(APPOINTMENT_MESSAGES.treatmentRequired),
});
export type CreateAsyncAppointmentInput = z.infer<typeof createAsyncAppointmentSchema>;

/** Consent status of the terms of service (spec 01 §3: Consent type TOS). */
export const TOS_CONSENT_STATUSES = ['accepted', 'declined'] as const;
export type TosConsentStatus = (typeof TOS_CONSENT_STATUSES)[number];
/** Status of a notification preference (spec 01 §3: type Marketing, channel email). */
export const PREFERENCE_STATUSES = ['subscribed', 'unsubscribed'] as const;
export type PreferenceStatus = (typeof PREFERENCE_STATUSES)[number];

/**
 * Spec 01 §2, §4, §7: the contact step saves the terms consent (its box is required, so only
 * `accepted` passes) and the optional marketing email choice.
 */
export const tosConsentSchema = z.object({
  tosStatus: z.literal('accepted', { error: APPOINTMENT_MESSAGES.termsRequired }),
  marketingContentStatus: z.enum(PREFERENCE_STATUSES, {
    error: APPOINTMENT_MESSAGES.statusInvalid,
  }),
});
export type TosConsentInput = z.infer<typeof tosConsentSchema>;

import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_MESSAGES,
  rescheduleAppointmentSchema,
  scheduleAppointmentSchema,
  tosConsentSchema,
} from './schemas';

const providerId = '3f1d3b3e-8d4a-4f55-9a43-0c8b0d6f7a11';
const start = new Date('2026-03-10T16:00:00Z');
const end = new Date('2026-03-10T16:30:00Z');

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('booking input (spec 01 §5: provider, start, end and a valid treatment short id)', () => {
  it('accepts a complete booking', () => {
    const result = scheduleAppointmentSchema.safeParse({
      providerId,
      start,
      end,
      treatmentShortId: ' weightmanagement ',
    });
    expect(result.success).toBe(true);
    expect(result.data?.treatmentShortId).toBe('weightmanagement');
  });

  it('names each missing or bad field', () => {
    const result = scheduleAppointmentSchema.safeParse({ providerId: 'x', treatmentShortId: '' });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        APPOINTMENT_MESSAGES.providerRequired,
        APPOINTMENT_MESSAGES.startRequired,
        APPOINTMENT_MESSAGES.endRequired,
        APPOINTMENT_MESSAGES.treatmentRequired,
      ]),
    );
  });

  it('refuses a short id that is not one', () => {
    const result = scheduleAppointmentSchema.safeParse({
      providerId,
      start,
      end,
      treatmentShortId: 'Weight Management',
    });
    expect(messages(result)).toEqual([APPOINTMENT_MESSAGES.treatmentInvalid]);
  });

  it('refuses an end not after the start', () => {
    const result = rescheduleAppointmentSchema.safeParse({
      appointmentId: providerId,
      providerId,
      start: end,
      end: start,
    });
    expect(messages(result)).toEqual([APPOINTMENT_MESSAGES.endBeforeStart]);
  });
});

describe('terms consent (spec 01 §2: the terms box is required, marketing optional)', () => {
  it('accepts accepted terms with either marketing choice', () => {
    for (const marketingContentStatus of ['subscribed', 'unsubscribed']) {
      expect(
        tosConsentSchema.safeParse({ tosStatus: 'accepted', marketingContentStatus }).success,
      ).toBe(true);
    }
  });

  it('refuses terms that are not accepted', () => {
    const result = tosConsentSchema.safeParse({
      tosStatus: 'declined',
      marketingContentStatus: 'subscribed',
    });
    expect(messages(result)).toEqual([APPOINTMENT_MESSAGES.termsRequired]);
  });
});

import { z } from 'zod';

/*
 * Providers' hours (issue 41): the weekly hours and time off an admin edits in the care
 * console. The console's forms and the staff routes validate with these same schemas.
 */

/** Hours are set in quarter hours, in the provider's own time zone. */
export const HOURS_STEP_MINUTES = 15;
const DAY_MINUTES = 24 * 60;
/** The longest time off one entry may cover; longer absences are several entries. */
export const MAX_TIME_OFF_DAYS = 120;

const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(DAY_MINUTES)
  .refine((m) => m % HOURS_STEP_MINUTES === 0, { message: 'Use quarter hours.' });

export const weeklyHoursBlockSchema = z
  .strictObject({
    /** 0 is Sunday. */
    weekday: z.number().int().min(0).max(6),
    startMinute: minuteOfDay,
    endMinute: minuteOfDay,
  })
  .refine((b) => b.endMinute > b.startMinute, {
    message: 'The end must be after the start.',
    path: ['endMinute'],
  });
export type WeeklyHoursBlock = z.infer<typeof weeklyHoursBlockSchema>;

export const weeklyHoursSchema = z
  .strictObject({
    blocks: z.array(weeklyHoursBlockSchema).max(7 * 8),
    /** Save even though booked visits fall outside the new hours (they stay booked). */
    confirm: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    const sorted = input.blocks
      .map((b, index) => ({ ...b, index }))
      .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1];
      const block = sorted[i];
      if (previous && block && previous.weekday === block.weekday) {
        if (block.startMinute < previous.endMinute) {
          ctx.addIssue({
            code: 'custom',
            message: 'These hours overlap other hours that day.',
            path: ['blocks', block.index, 'startMinute'],
          });
        }
      }
    }
  });
export type WeeklyHoursInput = z.infer<typeof weeklyHoursSchema>;

export const timeOffSchema = z
  .strictObject({
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    reason: z.string().trim().max(200).optional(),
    /** Save even though booked visits fall in the time off (they stay booked). */
    confirm: z.boolean().optional(),
  })
  .refine((t) => Date.parse(t.endsAt) > Date.parse(t.startsAt), {
    message: 'The end must be after the start.',
    path: ['endsAt'],
  })
  .refine((t) => Date.parse(t.endsAt) - Date.parse(t.startsAt) <= MAX_TIME_OFF_DAYS * 86_400_000, {
    message: `Add at most ${MAX_TIME_OFF_DAYS} days at a time.`,
    path: ['endsAt'],
  });
export type TimeOffInput = z.infer<typeof timeOffSchema>;

export const providerParamSchema = z.object({ providerId: z.uuid() });
export const timeOffParamSchema = z.object({ providerId: z.uuid(), timeOffId: z.uuid() });

/** "Mon 9:00–17:00"-style text for minutes from local midnight. */
export function formatMinuteOfDay(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** "09:30" → 570; null for anything else. */
export function parseMinuteOfDay(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= DAY_MINUTES ? minute : null;
}

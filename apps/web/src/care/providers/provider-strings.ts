import { cloneTable, type Shape } from '../strings';

// Every string of the providers' hours pages (issue 41), beside them like patient-strings.ts;
// Spanish in provider-strings-es.ts. The screens read the live tables below, which the
// language choice fills (language/language.ts).

export const WEEKDAYS_EN = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const providerEn = {
  title: 'Providers',
  intro: 'Weekly hours and time off. Patients can book only inside the hours and outside time off.',
  tableLabel: 'Providers and their hours',
  columns: { name: 'Provider', zone: 'Time zone', hours: 'Weekly hours', nextOff: 'Next time off' },
  noHours: 'No hours',
  and: ' and ',
  nextOffLabel: (when: string) => `Next time off: ${when}`,
  none: 'None',
  empty: 'No providers yet.',
  back: 'All providers',
  readOnly: 'Only an admin can change hours and time off.',
  zoneNote: (zone: string) => `Times are in the provider's time zone, ${zone}.`,
  hours: {
    title: 'Weekly hours',
    closed: 'Not working',
    add: (day: string) => `Add hours on ${day}`,
    remove: (day: string, from: string, to: string) => `Remove ${day} ${from} to ${to}`,
    from: (day: string) => `${day} from`,
    to: (day: string) => `${day} to`,
    save: 'Save hours',
    saved: 'Hours saved. Booking follows them now.',
  },
  timeOff: {
    title: 'Time off',
    empty: 'No time off planned.',
    from: 'From',
    to: 'To',
    reason: 'Reason (optional)',
    reasonColumn: 'Reason',
    add: 'Add time off',
    added: 'Time off added. Those times can no longer be booked.',
    remove: 'Remove',
    removeNamed: (from: string) => `Remove time off from ${from}`,
    removed: 'Time off removed.',
    tableLabel: 'Planned time off',
    invalid: 'Enter a start and an end, the end after the start.',
  },
  strand: {
    title: 'Booked visits fall outside',
    intro:
      'These visits are booked at times this change takes away. They stay booked: reschedule them with the patients.',
    confirm: 'Save anyway',
    cancel: 'Cancel',
  },
} as const;

export type ProviderStrings = Shape<typeof providerEn>;
export type Weekdays = Shape<typeof WEEKDAYS_EN>;
/** The live tables the screens read. */
export const providerStrings: ProviderStrings = cloneTable(providerEn);
export const WEEKDAYS: Weekdays = cloneTable(WEEKDAYS_EN);

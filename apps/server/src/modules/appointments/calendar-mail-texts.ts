import type { MailMessage } from '../../platform/mail';
import type { CalendarChange } from './calendar';

// Issue 43: the booking, reschedule and cancellation mails, in English and Spanish, with the
// visit's time in the customer's zone and the zone named ("Tuesday, March 3 at 9:00 AM
// Pacific Time (PST)"), as the booking dialog and the appointment card name it.

export type MailLocale = 'en' | 'es';

/** The everyday names of the zones the portal offers (the web catalogue's appointments.zones). */
const ZONE_NAMES: Record<MailLocale, Record<string, string>> = {
  en: {
    'Pacific/Honolulu': 'Hawaii Time',
    'America/Anchorage': 'Alaska Time',
    'America/Los_Angeles': 'Pacific Time',
    'America/Phoenix': 'Arizona Time',
    'America/Denver': 'Mountain Time',
    'America/Chicago': 'Central Time',
    'America/New_York': 'Eastern Time',
    UTC: 'Coordinated Universal Time',
    'Etc/UTC': 'Coordinated Universal Time',
  },
  es: {
    'Pacific/Honolulu': 'Hora de Hawái',
    'America/Anchorage': 'Hora de Alaska',
    'America/Los_Angeles': 'Hora del Pacífico',
    'America/Phoenix': 'Hora de Arizona',
    'America/Denver': 'Hora de la Montaña',
    'America/Chicago': 'Hora del Centro',
    'America/New_York': 'Hora del Este',
    UTC: 'Tiempo universal coordinado',
    'Etc/UTC': 'Tiempo universal coordinado',
  },
};

const INTL_LOCALE: Record<MailLocale, string> = { en: 'en-US', es: 'es-US' };

function part(
  instant: Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  type: Intl.DateTimeFormatPartTypes,
  locale = 'en-US',
): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, ...options })
      .formatToParts(instant)
      .find((p) => p.type === type)?.value ?? ''
  );
}

/** "PST", "PDT", "EST"… as the web's zoneAbbreviation says it (en-US short names). */
export function zoneShortName(instant: Date, timeZone: string): string {
  return part(instant, timeZone, { timeZoneName: 'short' }, 'timeZoneName') || timeZone;
}

export function zoneName(timeZone: string, locale: MailLocale): string {
  return (
    ZONE_NAMES[locale][timeZone] ??
    (part(
      new Date(0),
      timeZone,
      { timeZoneName: 'longGeneric' },
      'timeZoneName',
      INTL_LOCALE[locale],
    ) ||
      timeZone)
  );
}

/** "9:00 AM" in the zone (the web's formatClock: h:mm a). */
function clock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(instant)
    .replace(/\u202f/g, ' ');
}

/** "Tuesday, March 3 at 9:00 AM Pacific Time (PST)" (or its Spanish). */
export function formatVisitStart(instant: Date, timeZone: string, locale: MailLocale): string {
  const day = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(instant);
  const zone = `${zoneName(timeZone, locale)} (${zoneShortName(instant, timeZone)})`;
  const at = locale === 'es' ? 'a las' : 'at';
  return `${day} ${at} ${clock(instant, timeZone)} ${zone}`;
}

const TEXTS = {
  en: {
    subject: {
      booked: 'Your visit is booked',
      moved: 'Your visit was moved',
      cancelled: 'Your visit was cancelled',
    },
    greeting: (name: string) => `Hi ${name},`,
    body: {
      booked: (what: string, when: string) => `your ${what} is booked for ${when}.`,
      moved: (what: string, when: string) => `your ${what} was moved to ${when}.`,
      cancelled: (what: string, when: string) => `your ${what} on ${when} was cancelled.`,
    },
    calendar: {
      booked: 'The attached calendar file adds it to your calendar.',
      moved: 'The attached calendar file updates the event in your calendar.',
      cancelled: 'The attached calendar file removes the event from your calendar.',
    },
    join: 'Join from this link at the time of your visit',
    see: 'See your appointments',
  },
  es: {
    subject: {
      booked: 'Su consulta está reservada',
      moved: 'Su consulta cambió de horario',
      cancelled: 'Su consulta fue cancelada',
    },
    greeting: (name: string) => `Hola ${name}:`,
    body: {
      booked: (what: string, when: string) => `su ${what} está reservada para el ${when}.`,
      moved: (what: string, when: string) => `su ${what} se cambió al ${when}.`,
      cancelled: (what: string, when: string) => `su ${what} del ${when} fue cancelada.`,
    },
    calendar: {
      booked: 'El archivo de calendario adjunto la agrega a su calendario.',
      moved: 'El archivo de calendario adjunto actualiza el evento en su calendario.',
      cancelled: 'El archivo de calendario adjunto quita el evento de su calendario.',
    },
    join: 'Únase con este enlace a la hora de su consulta',
    see: 'Ver sus citas',
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface VisitMailInput {
  change: CalendarChange;
  locale: MailLocale;
  to: string;
  firstName: string;
  /** "video visit for Weight management with Dr. Ruiz". */
  what: string;
  start: Date;
  timeZone: string;
  joinUrl: string | null;
  appointmentsUrl: string;
}

/** The mail's words; the caller attaches the calendar file. Transactional. */
export function visitMail(input: VisitMailInput): MailMessage {
  const t = TEXTS[input.locale];
  const when = formatVisitStart(input.start, input.timeZone, input.locale);
  const lines = [
    `${t.greeting(input.firstName)} ${t.body[input.change](input.what, when)}`,
    t.calendar[input.change],
    ...(input.joinUrl && input.change !== 'cancelled' ? [`${t.join}: ${input.joinUrl}`] : []),
    `${t.see}: ${input.appointmentsUrl}`,
  ];
  const text = `${lines.join('\n\n')}\n`;
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</body></html>`;
  return {
    to: input.to,
    subject: t.subject[input.change],
    text,
    html,
    category: 'Transactional',
  };
}

/** "video visit for Weight management" / "consulta por video de …". */
export function visitWhat(
  locale: MailLocale,
  treatment: string | null,
  provider: string | null,
): string {
  if (locale === 'es') {
    const base = treatment ? `consulta por video de ${treatment}` : 'consulta por video';
    return provider ? `${base} con ${provider}` : base;
  }
  const base = treatment ? `${treatment} video visit` : 'video visit';
  return provider ? `${base} with ${provider}` : base;
}

/** The calendar event's title: "Weight management visit" / "Consulta de Weight management". */
export function visitSummary(locale: MailLocale, treatment: string | null): string {
  if (locale === 'es') return treatment ? `Consulta de ${treatment}` : 'Consulta por video';
  return treatment ? `${treatment} visit` : 'Video visit';
}

/** The calendar event's description: "Video visit with Dr. Ruiz" / "Consulta por video con …". */
export function visitDescription(locale: MailLocale, provider: string | null): string {
  if (locale === 'es')
    return provider ? `Consulta por video con ${provider}` : 'Consulta por video';
  return provider ? `Video visit with ${provider}` : 'Video visit';
}

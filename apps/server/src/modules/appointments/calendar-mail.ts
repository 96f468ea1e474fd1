import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { providers, treatments } from '../../db/schema/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail';
import type { CustomerService } from '../customers/service';
import {
  calendarMethod,
  parseMailbox,
  visitCalendar,
  type CalendarChange,
  type CalendarMethod,
  type CalendarVisit,
} from './calendar';
import {
  visitDescription,
  visitMail,
  visitSummary,
  visitWhat,
  type MailLocale,
} from './calendar-mail-texts';

// Issue 43: after a booking, a move or a cancellation commits, the customer gets a mail with
// the visit's calendar file; "Add to Calendar" serves the same file (the visit as it is now:
// the same UID, SEQUENCE, DTSTAMP and METHOD as the last mail).

export interface VisitFile {
  ics: string;
  method: CalendarMethod;
  filename: string;
}

/** What the appointments service calls after its commit; never throws. */
export interface CalendarNotifier {
  sent<T extends { id: string; customerId: string }>(change: CalendarChange, visit: T): Promise<T>;
}

/** For tests and for a composition without mail: nothing is sent. */
export const noCalendarMail: CalendarNotifier = {
  sent: (_change, visit) => Promise.resolve(visit),
};

export interface CalendarMailDeps {
  db: Db;
  customers: CustomerService;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** The language of the customer's sign-in (identity's users.locale), as its mails use. */
  userLocale?: (userId: string) => Promise<MailLocale | undefined>;
}

export class CalendarMail implements CalendarNotifier {
  private readonly host: string;
  constructor(private readonly deps: CalendarMailDeps) {
    this.host = new URL(deps.publicUrl).hostname;
  }

  /** The visit with its provider and treatment, whatever its status; the customer's only. */
  private async read(customerId: string, appointmentId: string) {
    const [row] = await this.deps.db
      .select({ appointment: appointments, provider: providers, treatment: treatments })
      .from(appointments)
      .leftJoin(providers, eq(providers.id, appointments.providerId))
      .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
      .where(and(eq(appointments.id, appointmentId), eq(appointments.customerId, customerId)))
      .limit(1);
    return row;
  }

  private async localeOf(userId: string | null): Promise<MailLocale> {
    const locale = userId && this.deps.userLocale ? await this.deps.userLocale(userId) : undefined;
    return locale ?? 'en';
  }

  /**
   * The visit as a calendar event in the customer's zone and language, or undefined when not
   * theirs.
   */
  private async visit(customerId: string, appointmentId: string) {
    const [row, customer] = await Promise.all([
      this.read(customerId, appointmentId),
      this.deps.customers.mailFacts(customerId),
    ]);
    if (!row || !customer) return undefined;
    const locale = await this.localeOf(customer.userId);
    const { appointment, provider, treatment } = row;
    const what = visitWhat(locale, treatment?.displayName ?? null, provider?.displayName ?? null);
    const visit: CalendarVisit = {
      id: appointment.id,
      start: appointment.start,
      end: appointment.end,
      sequence: appointment.sequence,
      changedAt: appointment.updatedAt,
      cancelled: appointment.status === 'cancelled',
      summary: visitSummary(locale, treatment?.displayName ?? null),
      description: visitDescription(locale, provider?.displayName ?? null),
      url: provider?.virtualVisitLink ?? null,
      timeZone: customer.timeZone,
      attendee: { email: customer.email, name: customer.name },
    };
    return { visit, customer, what, locale };
  }

  private file(visit: CalendarVisit): VisitFile {
    const ics = visitCalendar(visit, {
      host: this.host,
      organizer: parseMailbox(this.deps.mailFrom),
    });
    return { ics, method: calendarMethod(visit), filename: 'appointment.ics' };
  }

  /** "Add to Calendar": the visit's file as the last mail carried it, or null when not theirs. */
  async visitFile(customerId: string, appointmentId: string): Promise<VisitFile | null> {
    const found = await this.visit(customerId, appointmentId);
    return found ? this.file(found.visit) : null;
  }

  /**
   * The mail of a change, sent after its commit; a mail that cannot go is logged, and the
   * change stands. Answers `visit`, so a caller can return through it.
   */
  async sent<T extends { id: string; customerId: string }>(
    change: CalendarChange,
    visit: T,
  ): Promise<T> {
    try {
      const found = await this.visit(visit.customerId, visit.id);
      if (!found) return visit;
      const file = this.file(found.visit);
      const mail = visitMail({
        change,
        locale: found.locale,
        to: found.customer.email,
        firstName: found.customer.firstName,
        what: found.what,
        start: found.visit.start,
        timeZone: found.visit.timeZone,
        joinUrl: found.visit.url,
        appointmentsUrl: `${this.deps.publicUrl}/appointments`,
      });
      await this.deps.mailer.send({
        ...mail,
        calendar: { method: file.method, filename: file.filename, content: file.ics },
      });
    } catch (error) {
      this.deps.logger.error({ err: error, appointmentId: visit.id }, 'appointment mail not sent');
    }
    return visit;
  }
}

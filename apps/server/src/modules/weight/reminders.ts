import { MINUTE_MS, NOTIFICATION_TYPE } from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { NotificationService } from '../notifications/service';
import { weightReminderMail } from './reminder-mail';
import type { WeightStore } from './store';

// The weight tracker reminder (weight_tracker_input_v1, issue 13; spec 01 §2 editWeight=true):
// a job on the scheduler (app.ts registers it) finds customers on an active weight-loss plan
// who logged no weight for 7 days, raises the notification and mails a link that opens the
// weight dialog. At most once per customer per 7 days (weight_reminders), however often it runs.

export const WEIGHT_REMINDER_JOB = 'weight-tracker-reminders';
/** How often the scheduler runs the pass (each customer is still reminded once a week at most). */
export const WEIGHT_REMINDER_EVERY_MS = 60 * MINUTE_MS;
/** Logged nothing for this long means a reminder; and reminders are at least this far apart. */
export const WEIGHT_REMINDER_AFTER_MS = 7 * 24 * 60 * MINUTE_MS;
/** The treatment category whose active plans are weight-loss plans (treatment configurations). */
export const WEIGHT_LOSS_CATEGORY = 'weightloss';

const SYSTEM: AuditActor = { type: 'system', id: null };

/** Who is on an active weight-loss plan (the customers service, injected by services.ts). */
export interface WeightReminderCustomers {
  activeInTreatmentCategory(
    category: string,
  ): Promise<{ customerId: string; email: string; firstName: string }[]>;
}

/**
 * The WeightTrackerReminderEmailSMS preference (spec 02 §3): whether reminder mail may go to the
 * customer. The notification in the portal is raised either way. (There is no SMS sender yet;
 * when one comes, it asks the same preference on its channel.)
 */
export interface WeightReminderPreferences {
  allowsReminderMail(customerId: string): Promise<boolean>;
}

export interface WeightReminderDeps {
  store: WeightStore;
  customers: WeightReminderCustomers;
  preferences: WeightReminderPreferences;
  notifications: NotificationService;
  mailer: Mailer;
  uow: UnitOfWork;
  clock: Clock;
  publicUrl: string;
}

export class WeightReminders {
  constructor(private readonly deps: WeightReminderDeps) {}

  /** One pass; answers the customers reminded. Safe to run twice (the lock and the last date). */
  async run(): Promise<string[]> {
    const { customers, store, clock } = this.deps;
    const reminded: string[] = [];
    for (const customer of await customers.activeInTreatmentCategory(WEIGHT_LOSS_CATEGORY)) {
      const now = clock.now();
      const since = new Date(now.getTime() - WEIGHT_REMINDER_AFTER_MS);
      // A weight for any of the last 7 days (by the day it is for) means no reminder.
      const lastDay = await store.lastWeightDay(customer.customerId);
      if (lastDay && lastDay > since.toISOString().slice(0, 10)) continue;
      if (await this.remind(customer, now, since)) reminded.push(customer.customerId);
    }
    return reminded;
  }

  private async remind(
    customer: { customerId: string; email: string; firstName: string },
    now: Date,
    since: Date,
  ): Promise<boolean> {
    const { notifications, preferences, uow, store } = this.deps;
    const mail = await preferences.allowsReminderMail(customer.customerId);
    const row = await uow.run(
      SYSTEM,
      async (work) => {
        const last = await store.lastReminder(customer.customerId, work.tx);
        if (last && last.lastRemindedAt > since) return undefined;
        await store.recordReminder(work.tx, customer.customerId, now, mail);
        return notifications.create(
          {
            customerId: customer.customerId,
            type: NOTIFICATION_TYPE.weightTrackerInput,
            title: 'Log your weight',
            message: 'You have not logged your weight this week. It takes a few seconds.',
            severity: 'info',
            status: 'requires_action',
            action: { label: 'Log weight', url: '/?editWeight=true' },
            // Shown until the next reminder would be due.
            expireAt: new Date(now.getTime() + WEIGHT_REMINDER_AFTER_MS),
            metadata: { reminder: 'weight_tracker_input_v1' },
          },
          work,
        );
      },
      { lock: `weight-reminder:${customer.customerId}` },
    );
    if (!row) return false;
    await notifications.published(row, 'created');
    if (mail) {
      const link = `${this.deps.publicUrl}/?editWeight=true`;
      await this.deps.mailer.send(weightReminderMail(customer.email, customer.firstName, link));
    }
    return true;
  }
}

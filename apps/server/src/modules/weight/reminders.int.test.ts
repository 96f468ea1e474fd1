import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treatmentConfigurations } from '../../db/schema/catalog';
import { subscriptions } from '../../db/schema/customers';
import { measurements } from '../../db/schema/weight';
import { customerNotifications } from '../../db/schema/notifications';
import { notificationPreferences } from '../../db/schema/preferences';
import { createTreatment } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { WEIGHT_REMINDER_JOB } from './reminders';

// The weight tracker reminder (issue 13): raised by the scheduled job for customers on an
// active weight-loss plan who logged no weight for 7 days, mailed with editWeight=true, once
// per 7 days, and never mailed to a customer who turned the reminder mail off.

let server: TestServer;
let weightTreatment: string;
let otherTreatment: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const weight = await createTreatment(db, { shortId: 'reminder_weight' });
  const other = await createTreatment(db, { shortId: 'reminder_sleep' });
  await db.insert(treatmentConfigurations).values([
    { treatmentShortId: weight.shortId, name: 'Weight', treatmentCategory: 'weightloss' },
    { treatmentShortId: other.shortId, name: 'Sleep', treatmentCategory: 'sleep' },
  ]);
  weightTreatment = weight.id;
  otherTreatment = other.id;
});
afterAll(async () => {
  await server.close();
});

async function onPlan(treatmentId: string, name: string) {
  const made = await createCustomer(server.database.db, { firstName: name });
  await server.database.db
    .update(subscriptions)
    .set({ treatmentId })
    .where(eq(subscriptions.customerId, made.customer.id));
  return made.customer;
}

async function logWeight(customerId: string, day: string) {
  await server.database.db.insert(measurements).values({
    customerId,
    type: 'weight',
    value: 20_000,
    unit: 'hundredthsOfAPound',
    recordedAt: day,
  });
}

async function reminders(customerId: string) {
  return server.database.db
    .select()
    .from(customerNotifications)
    .where(
      and(
        eq(customerNotifications.customerId, customerId),
        eq(customerNotifications.type, 'weight_tracker_input_v1'),
      ),
    );
}

async function mailsTo(email: string) {
  return ((await server.outbox?.list()) ?? []).filter((m) => m.to === email);
}

describe('the weight tracker reminder job', () => {
  it('reminds a quiet customer on a weight plan once per 7 days, with an editWeight link', async () => {
    server.clock.set('2026-11-01T16:00:00Z');
    const quiet = await onPlan(weightTreatment, 'Quiet');
    const logging = await onPlan(weightTreatment, 'Logging');
    const sleeper = await onPlan(otherTreatment, 'Sleeper');
    await logWeight(quiet.id, '2026-10-20');
    await logWeight(logging.id, '2026-10-30');

    expect(await server.jobs.runDue()).toContain(WEIGHT_REMINDER_JOB);
    const [notice] = await reminders(quiet.id);
    expect(notice).toMatchObject({
      status: 'requires_action',
      action: { label: 'Log weight', url: '/?editWeight=true' },
    });
    expect(await reminders(logging.id)).toEqual([]);
    expect(await reminders(sleeper.id)).toEqual([]);
    const [mail] = await mailsTo(quiet.email);
    expect(mail?.text).toContain('http://portal.test/?editWeight=true');
    expect(await mailsTo(logging.email)).toEqual([]);

    // Run again the same day (by hand, twice at once): nothing new.
    await Promise.all([
      server.services.weight.reminders.run(),
      server.services.weight.reminders.run(),
    ]);
    expect(await reminders(quiet.id)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toHaveLength(1);

    // Six days on, still within the week: nothing. The one who logged is now quiet too.
    server.clock.set('2026-11-07T16:00:00Z');
    expect(await server.jobs.runDue()).toContain(WEIGHT_REMINDER_JOB);
    expect(await reminders(quiet.id)).toHaveLength(1);
    expect(await reminders(logging.id)).toHaveLength(1);

    // A week after the first reminder, the quiet customer is reminded again.
    server.clock.set('2026-11-08T16:30:00Z');
    expect(await server.jobs.runDue()).toContain(WEIGHT_REMINDER_JOB);
    expect(await reminders(quiet.id)).toHaveLength(2);
    expect(await mailsTo(quiet.email)).toHaveLength(2);

    // Logging a weight stops the reminders.
    await logWeight(quiet.id, '2026-11-10');
    server.clock.set('2026-11-16T17:00:00Z');
    expect(await server.jobs.runDue()).toContain(WEIGHT_REMINDER_JOB);
    expect(await reminders(quiet.id)).toHaveLength(2);
  });

  it('raises the notification but sends no mail when reminder mail is turned off', async () => {
    server.clock.set('2026-12-01T16:00:00Z');
    const optedOut = await onPlan(weightTreatment, 'Optout');
    await server.database.db.insert(notificationPreferences).values({
      customerId: optedOut.id,
      type: 'WeightTrackerReminderEmailSMS',
      channel: 'email',
      status: 'unsubscribed',
    });
    const reminded = await server.services.weight.reminders.run();
    expect(reminded).toContain(optedOut.id);
    expect(await reminders(optedOut.id)).toHaveLength(1);
    expect(await mailsTo(optedOut.email)).toEqual([]);
  });
});

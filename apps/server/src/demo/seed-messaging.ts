import { NOTIFICATION_TYPE } from '@portal/domain';
import type { Db } from '../db/client';
import { providers } from '../db/schema/catalog';
import { staffMembers, users } from '../db/schema/identity';
import { providerMessages, providerMessageTemplates } from '../db/schema/messages';
import { customerNotifications } from '../db/schema/notifications';
import { sectionMarker } from '../modules/messages/sections';

/*
 * The demo staff accounts (issue 41) sign in with the demo password and an authenticator app.
 * Their TOTP secrets are published here and printed at start on purpose: they exist only with
 * SEED_DEMO, which production refuses (config.ts), so anyone trying the demo can add them to an
 * app (or make codes with `npx otplib`-style tools) without an enrolment step.
 */
export const DEMO_STAFF_ACCOUNT = {
  email: 'care.team@example.com',
  description: 'care team, role care (staff console /care), not a portal sign-in',
  role: 'care',
  firstName: 'Casey',
  lastName: 'Morgan',
  totpSecret: 'DEMOCARETEAMSECRETDEMOCARETEAM23',
} as const;

export const DEMO_ADMIN_ACCOUNT = {
  email: 'care.admin@example.com',
  description: 'care team, role admin (flags, SDUI modules)',
  role: 'admin',
  firstName: 'Avery',
  lastName: 'Quinn',
  totpSecret: 'DEMOADMINSECRETDEMOADMINSECRET22',
} as const;

export const DEMO_STAFF_ACCOUNTS = [DEMO_STAFF_ACCOUNT, DEMO_ADMIN_ACCOUNT] as const;

/** Enrols a demo staff account's published secret (StaffSecondFactor does the encryption). */
export interface DemoFactorEnroller {
  enrollKnownSecret(userId: string, secret: string, db: Db): Promise<void>;
}

export interface MessagingSeedInput {
  tenantId: string;
  passwordHash: string;
  customer: { id: string };
  /** The subscription the contract-expiry notice is about. */
  subscription: { id: string };
  /** Messages and notices are dated relative to this, so the demo looks recent. */
  now?: Date;
  /**
   * Enrols the demo staff accounts' published TOTP secrets; without it (tests seeding their
   * own database) the accounts enrol at their first sign-in like any other.
   */
  staffFactors?: DemoFactorEnroller | undefined;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Demo notifications, provider messages and the care-team account, for Alejandro (the demo
 * customer). Runs inside the demo seed's transaction, through the modules' stores.
 */
export async function seedMessagingDemo(tx: Db, input: MessagingSeedInput): Promise<void> {
  const now = input.now ?? new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const customerId = input.customer.id;

  const staffRows = await tx
    .insert(users)
    .values(
      DEMO_STAFF_ACCOUNTS.map((account) => ({
        tenantId: input.tenantId,
        email: account.email,
        passwordHash: input.passwordHash,
        emailVerifiedAt: new Date('2025-01-02T17:00:00Z'),
        role: 'staff' as const,
      })),
    )
    .returning();
  const careTeam = staffRows.find((row) => row.email === DEMO_STAFF_ACCOUNT.email);
  for (const account of DEMO_STAFF_ACCOUNTS) {
    const row = staffRows.find((r) => r.email === account.email);
    if (!row) throw new Error('demo staff account not inserted');
    await tx.insert(staffMembers).values({
      userId: row.id,
      role: account.role,
      firstName: account.firstName,
      lastName: account.lastName,
    });
    await input.staffFactors?.enrollKnownSecret(row.id, account.totpSecret, tx);
  }
  const demoProviders = await tx.select().from(providers);
  const provider = (name: string) => demoProviders.find((p) => p.displayName.includes(name));
  const [natarajan, bell, ruiz] = [provider('Natarajan'), provider('Bell'), provider('Ruiz')];

  // Demo rows go straight into the tables, as the rest of the seed does; the app itself only
  // writes them through the messages and notifications services.
  const messages = {
    insertTemplate: async (values: { type: string; description: string }) => {
      const [row] = await tx.insert(providerMessageTemplates).values(values).returning();
      if (!row) throw new Error('demo template not inserted');
      return row;
    },
    insert: (values: typeof providerMessages.$inferInsert) =>
      tx.insert(providerMessages).values(values),
  };
  const update = await messages.insertTemplate({
    type: 'treatment_update',
    description: 'Treatment update',
  });
  const labReview = await messages.insertTemplate({
    type: 'lab_review',
    description: 'Lab results review',
  });
  await messages.insertTemplate({ type: 'welcome', description: 'Welcome to your care team' });

  const sentBy = careTeam?.id ?? null;
  await messages.insert({
    customerId,
    providerId: ruiz?.id ?? null,
    type: 'welcome',
    sentByUserId: sentBy,
    message: `<p>Hi Alex, welcome! I am your endocrinologist and will look after your plan.</p>
${sectionMarker('What happens next')}
<ol><li>Your prescription is reviewed within one business day.</li><li>The pharmacy ships it in a cold pack.</li></ol>`,
    createdAt: ago(20 * DAY),
    readOn: ago(19 * DAY),
  });
  await messages.insert({
    customerId,
    providerId: natarajan?.id ?? null,
    type: 'lab_review',
    templateUsedId: labReview.id,
    sentByUserId: sentBy,
    message: `<p>Your recent labs look good overall. Your A1c has come down since your last panel.</p>
${sectionMarker('Details')}
<table><tr><th>Test</th><th>Result</th></tr><tr><td>A1c</td><td>5.6%</td></tr><tr><td>TSH</td><td>2.1 mIU/L</td></tr></table>
${sectionMarker('Next steps')}
<p>No change to your plan. We will repeat the panel in six months.</p>`,
    createdAt: ago(3 * DAY),
  });
  await messages.insert({
    customerId,
    providerId: bell?.id ?? null,
    type: 'treatment_update',
    templateUsedId: update.id,
    sentByUserId: sentBy,
    message: `<p>Good news: your dose increase to <strong>0.5 mg weekly</strong> is approved.</p>
${sectionMarker('Dosing instructions')}
<p>Inject once a week on the same day. Draw 20 units with the syringes in your kit.</p>
${sectionMarker('Side effects to watch for')}
<ul><li>Nausea, usually mild and short-lived</li><li>Reduced appetite</li></ul>
<p>Write to us through the help center if anything worries you.</p>`,
    createdAt: ago(45 * MINUTE),
  });

  const notice = (
    values: Omit<typeof customerNotifications.$inferInsert, 'customerId'>,
  ): Promise<unknown> => tx.insert(customerNotifications).values({ customerId, ...values });
  await notice({
    type: NOTIFICATION_TYPE.labResult,
    title: 'Your lab results are ready',
    message: 'Dr. Natarajan has reviewed your latest lab panel.',
    severity: 'info',
    action: { label: 'View results', url: '/labs' },
    date: ago(3 * DAY),
  });
  await notice({
    type: NOTIFICATION_TYPE.paymentDue,
    title: 'Payment due',
    message: 'Your card on file was declined. Update it to keep your next shipment on time.',
    severity: 'warning',
    status: 'requires_action',
    action: { label: 'Update payment method', url: '/billing?tab=plan' },
    date: ago(1 * DAY),
  });
  await notice({
    type: NOTIFICATION_TYPE.regulationBanner,
    title: 'Compounded medication update',
    message:
      'Federal rules on compounded semaglutide are changing. Your care team will contact you.',
    severity: 'info',
    date: ago(2 * DAY),
  });
  await notice({
    type: NOTIFICATION_TYPE.contractExpire,
    title: 'Your plan is ending soon',
    message: 'Choose how to continue your treatment before your plan ends.',
    severity: 'warning',
    status: 'requires_action',
    action: { label: 'Review plan', url: '/billing/change-membership' },
    metadata: { subscriptionIds: [input.subscription.id] },
    date: ago(6 * DAY),
  });
  // Left out of every list: one not shown yet, one expired.
  await notice({
    type: NOTIFICATION_TYPE.weightTrackerInput,
    title: 'Time for your weekly weigh-in',
    severity: 'info',
    action: { label: 'Add weight', url: '/?editWeight=true' },
    showAfter: new Date(now.getTime() + 7 * DAY),
    date: new Date(now.getTime() + 7 * DAY),
  });
  await notice({
    type: NOTIFICATION_TYPE.prescriptionSubmitted,
    title: 'Your prescription was sent to the pharmacy',
    severity: 'success',
    date: ago(40 * DAY),
    expireAt: ago(10 * DAY),
  });
}

import { FEATURE_FLAGS } from '@portal/domain';
import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/platform';
import { referrals } from '../../db/schema/referrals';
import { textPdf } from '../../demo/pdf';
import { createScheduledProvider, createTreatment } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { seedCatalogue } from '../../../test/billing-fixtures';
import { approveBulkOrder, customerWithCard, purchaseBulk } from '../../../test/billing-suite';
import { createStaffUser, staffCall, staffTokenFor } from '../../../test/messaging-helpers';

// Issue 41, "Each staff action is audited with the staff member, the patient and the names of
// the fields changed, never their values": every staff write route of the sweep (the tables
// below: routes.ts, tag-routes.ts, treatment-routes.ts, weight-routes.ts, marketing-routes.ts,
// referral-routes.ts, billing-routes.ts, payment-routes.ts), driven once each, writes exactly
// one audit row: the staff member as actor, the patient as details.customerId, the body's field
// names as details.fields, and no value of the body anywhere in the row. The one exception is a
// refund, whose processor answer is recorded in a transaction of its own (`afterwards`). The
// patient's trail (GET /staff/customers/:id/audit) shows each row. A new route goes in a table.

let server: TestServer;
let staffId: string;
let token: string;
let customerId: string;
let treatmentShortId: string;
let providerId: string;

beforeAll(async () => {
  server = await startTestServer();
  const staff = await createStaffUser(server.database.db, { role: 'admin' });
  staffId = staff.id;
  token = await staffTokenFor(server, staff.email);
  customerId = (await createCustomer(server.database.db)).customer.id;
  treatmentShortId = (await createTreatment(server.database.db)).shortId;
  providerId = (await createScheduledProvider(server.database.db)).id;
  // A referral waiting for the patient's first invoice (what sign-up leaves behind).
  const referrer = await createCustomer(server.database.db);
  await server.database.db.insert(referrals).values({
    referrerCustomerId: referrer.customer.id,
    refereeEmail: 'referee-of-the-sweep@example.com',
    refereeCustomerId: customerId,
    status: 'referee_signed_up',
    creditCents: 5000,
  });
});
afterAll(async () => {
  await server.close();
});

interface Step {
  method: 'POST' | 'PUT';
  /** The route, from what earlier steps answered (ids). */
  route: (ids: Record<string, string>) => string;
  body: Record<string, unknown>;
  /** The patient the row must name; null for a change that concerns none. */
  patient: 'customer' | null;
  /** Rows written after the action's own, in their own transactions (a processor's answer). */
  afterwards?: number;
  /** Keeps an id of the answer for later steps. */
  keep?: (answer: Record<string, unknown>, ids: Record<string, string>) => void;
}

const KIT = {
  catalogName: 'Semaglutide 2.5 mg/ml',
  kitName: 'Sweep monthly kit',
  directions: 'Inject 10 units once a week.',
  quantity: 1,
  strength: '2.5 mg/ml',
  form: 'injectable vial',
};

const steps = (): Step[] => [
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/messages`,
    body: {
      type: 'treatment_update',
      html: '<p>Your dosage goes up next week</p>',
      notify: { title: 'A private note from your provider' },
    },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/notifications`,
    body: { type: 'notice_payment_due_v1', title: 'Your payment is overdue' },
    patient: 'customer',
  },
  {
    method: 'PUT',
    route: () => `/staff/customers/${customerId}/shipping-address`,
    body: {
      streetAddress1: '742 Evergreen Terrace',
      city: 'Springfield',
      stateCode: 'TX',
      zipCode: '78701',
    },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/subscriptions`,
    body: { treatmentShortId, status: 'paused' },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/appointments`,
    body: {
      providerId,
      treatmentShortId,
      start: '2031-02-03T16:00:00.000Z',
      end: '2031-02-03T16:30:00.000Z',
      requirements: ['intake'],
    },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/actions`,
    body: { typeCode: 'bulk_order_charge', metadata: { vial_count: 7 } },
    patient: 'customer',
  },
  {
    method: 'PUT',
    route: () => `/staff/customers/${customerId}/tags`,
    body: { tags: ['sweep-tag'] },
    patient: 'customer',
  },
  {
    method: 'PUT',
    route: () => `/staff/flags/${FEATURE_FLAGS.glp1AlertBanner}`,
    body: { customerId, enabled: true },
    patient: 'customer',
  },
  {
    method: 'PUT',
    route: () => '/staff/sdui-modules/home',
    body: { customerId, modules: ['weightTracker', 'foryou'] },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => '/staff/message-templates',
    body: { type: 'sweep_template_type', description: 'A template of the sweep' },
    patient: null,
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/prescriptions`,
    body: { kits: [KIT], shipment: { carrier: 'usps', trackingNumber: '9400 1111 2222 3333' } },
    patient: 'customer',
    keep: (answer, ids) => {
      ids.prescription = String(answer.id);
    },
  },
  {
    method: 'PUT',
    route: (ids) => `/staff/prescriptions/${ids.prescription}/status`,
    body: { status: 'inProgress' },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: (ids) => `/staff/prescriptions/${ids.prescription}/shipments`,
    body: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    patient: 'customer',
    keep: (answer, ids) => {
      ids.shipment = String(answer.id);
    },
  },
  {
    method: 'POST',
    route: (ids) => `/staff/shipments/${ids.shipment}/events`,
    body: {
      events: [
        {
          status: 'in_transit',
          occurredAt: '2031-02-04T10:00:00.000Z',
          message: 'Departed the sorting facility',
          location: 'Memphis, TN',
        },
      ],
    },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/lab-results`,
    body: {
      fileName: 'sweep-thyroid-panel.pdf',
      contentBase64: Buffer.from(textPdf('Thyroid panel', ['TSH 2.1'])).toString('base64'),
      orderedAt: '2031-01-20T09:00:00.000Z',
    },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/measurement-change-forms`,
    body: { startingWeight: 21_050, reason: 'The clinic scale was miscalibrated' },
    patient: 'customer',
    keep: (answer, ids) => {
      ids.form = String(answer.id);
    },
  },
  {
    method: 'POST',
    route: (ids) => `/staff/measurement-change-forms/${ids.form}/decision`,
    body: { decision: 'approved', note: 'Confirmed with the patient by phone' },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/marketing-announcements`,
    body: { subject: 'A spring offer inside', text: 'Save on your next kit this month.' },
    patient: 'customer',
  },
  {
    method: 'POST',
    route: () => `/staff/customers/${customerId}/referral-first-invoice`,
    body: {},
    patient: 'customer',
  },
];

/** Every leaf value of a JSON value (strings, numbers, booleans), however deep. */
function leaves(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return value === null || value === undefined ? [] : [value];
}

async function lastAuditId(): Promise<number> {
  await server.flushAudit();
  const rows = await server.database.db.select({ id: auditLog.id }).from(auditLog);
  return rows.reduce((max, r) => Math.max(max, r.id), 0);
}

/**
 * Drives one step and checks its audit rows: the first is the staff action's (the body's field
 * names); every one names the staff member and the patient and holds no value of the body.
 * Returns the action row's id and entity.
 */
async function driveStep(step: Step, ids: Record<string, string>) {
  const route = step.route(ids);
  const label = `${step.method} ${route}`;
  const before = await lastAuditId();
  const res = await staffCall(server, step.method, route, token, step.body);
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  step.keep?.(res.body, ids);
  await server.flushAudit();
  const rows = await server.database.db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, before))
    .orderBy(asc(auditLog.id));
  expect(rows, `${label}: ${JSON.stringify(rows)}`).toHaveLength(1 + (step.afterwards ?? 0));
  const { customerId: _patient, ...values } = step.body;
  for (const row of rows) {
    expect(row, label).toMatchObject({ actorType: 'staff', actorId: staffId });
    expect(row.details.customerId, label).toBe(step.patient ? customerId : null);
    // No value of the body anywhere in the row: not as a value, not inside a longer text.
    const rowJson = JSON.stringify(row);
    const rowLeaves = leaves(row);
    for (const value of leaves(values)) {
      expect(rowLeaves, `${label} kept the value ${String(value)}`).not.toContain(value);
      if (typeof value === 'string' && value.length >= 3) {
        expect(rowJson, `${label} kept the value ${value}`).not.toContain(value);
      }
    }
  }
  const action = rows[0];
  if (!action) throw new Error(`${label}: no audit row`);
  // The names of the fields the body gave (a schema's defaults may add more names).
  const given = Object.keys(step.body).filter((name) => name !== 'customerId');
  expect(action.details.fields, label).toEqual(expect.arrayContaining(given));
  return { id: action.id, entity: action.entity };
}

async function trailOf(patientId: string) {
  const trail = await staffCall<{
    items: { id: number; entity: string; actorType: string; fields: string[] }[];
  }>(server, 'GET', `/staff/customers/${patientId}/audit?pageSize=200`, token, undefined);
  expect(trail.status).toBe(200);
  return trail.body.items;
}

describe('every staff write route writes one audit row, with field names only (issue 41)', () => {
  it("drives each route of the sweep once; the patient's trail shows each row", async () => {
    const ids: Record<string, string> = {};
    const written: { id: number; entity: string }[] = [];
    for (const step of steps()) {
      const row = await driveStep(step, ids);
      if (step.patient) written.push(row);
    }
    const trail = await trailOf(customerId);
    for (const { id, entity } of written) {
      expect(trail, `trail row ${entity}`).toContainEqual(
        expect.objectContaining({ id, entity, actorType: 'staff' }),
      );
      // The trail names the fields the row lists, not the keys of its details.
      const shown = trail.find((item) => item.id === id)?.fields;
      expect(shown, `trail fields of ${entity}`).not.toContain('fields');
      expect(shown, `trail fields of ${entity}`).not.toContain('also');
    }
  });

  it('audits the money routes the same way: a billed plan, a refund, a resolved charge', async () => {
    await seedCatalogue(server);
    const payer = await customerWithCard(server);
    customerId = payer.customer.id;
    // A paid bulk order: the charge the care team refunds.
    await staffCall(server, 'PUT', `/staff/flags/${FEATURE_FLAGS.bulkOrdering}`, token, {
      customerId: null,
      enabled: true,
    });
    const actionId = await approveBulkOrder(server, token, customerId, 3);
    expect(await purchaseBulk(server, payer.token, actionId)).toMatchObject({
      purchaseSucceeded: true,
    });
    const [charge] = await server.database.db
      .select()
      .from(charges)
      .where(eq(charges.reference, actionId));
    if (!charge) throw new Error('no charge');
    const ids: Record<string, string> = { charge: charge.id };
    const money: Step[] = [
      {
        method: 'POST',
        route: () => `/staff/customers/${customerId}/billed-plans`,
        body: { treatmentShortId: 'weightmanagement', newContractLength: 3, newAddons: [] },
        patient: 'customer',
      },
      {
        method: 'POST',
        route: (k) => `/staff/charges/${k.charge}/refunds`,
        body: { amountCents: 12_345, reason: 'The patient was charged twice' },
        patient: 'customer',
        // The processor's answer, recorded in its own transaction after the call.
        afterwards: 1,
      },
    ];
    const written = [];
    for (const step of money) written.push(await driveStep(step, ids));
    // A charge the care team must look at (what a late success leaves), then resolved.
    await server.database.db
      .update(charges)
      .set({ attention: 'creditsShort', attentionAt: new Date() })
      .where(eq(charges.id, charge.id));
    written.push(
      await driveStep(
        {
          method: 'POST',
          route: (k) => `/staff/payments/attention/${k.charge}/resolve`,
          body: {},
          patient: 'customer',
        },
        ids,
      ),
    );
    const trail = await trailOf(customerId);
    for (const { id, entity } of written) {
      expect(trail, `trail row ${entity}`).toContainEqual(expect.objectContaining({ id, entity }));
    }
  });
});

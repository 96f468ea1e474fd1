import { FEATURE_FLAGS } from '@portal/domain';
import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerTags } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

// Issue 44: PUT /staff/customers/:id/tags (tag-routes.ts) sets a customer's tags, which is how
// the care team puts a patient in the corporate-health mode (spec 02 §6: the personify tag and
// the personify_health flag). Admin only, never a customer token, zod-checked, and audited with
// the field's name, never the tags.

let server: TestServer;
let admin: string;
let adminId: string;
let care: string;
let patient: { id: string; token: string };

interface TagsAnswer {
  tags?: string[];
  error?: { code: string; fields?: Record<string, unknown> };
}
const put = (customerId: string, token: string | undefined, body: unknown) =>
  staffCall<TagsAnswer>(server, 'PUT', `/staff/customers/${customerId}/tags`, token, body);

async function storedTags(customerId: string) {
  const rows = await server.database.db
    .select({ name: customerTags.name })
    .from(customerTags)
    .where(eq(customerTags.customerId, customerId));
  return rows.map((r) => r.name).sort();
}

async function portalSees() {
  const res = await graphql<{ customer: { tags: { name: string }[]; corporate_health: boolean } }>(
    server,
    '{ customer { tags { name } corporate_health } }',
    patient.token,
  );
  expect(res.errors).toBeUndefined();
  return res.data?.customer;
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const adminUser = await createStaffUser(db, { role: 'admin' });
  adminId = adminUser.id;
  admin = await staffTokenFor(server, adminUser.email);
  care = await staffTokenFor(server, (await createStaffUser(db, { role: 'care' })).email);
  const created = await createCustomer(db);
  patient = {
    id: created.customer.id,
    token: await customerTokenFor(server, created.user.email),
  };
  const flag = await staffCall(
    server,
    'PUT',
    `/staff/flags/${FEATURE_FLAGS.personifyHealth}`,
    admin,
    { customerId: patient.id, enabled: true },
  );
  expect(flag.status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe('PUT /staff/customers/:id/tags (issue 44)', () => {
  it('an admin sets the tags (trimmed, lower-cased, once each) and the portal follows', async () => {
    expect(await portalSees()).toEqual({ tags: [], corporate_health: false });
    const set = await put(patient.id, admin, { tags: ['personify', ' GLP1 ', 'Personify'] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ tags: ['glp1', 'personify'] });
    expect(await storedTags(patient.id)).toEqual(['glp1', 'personify']);
    // With the personify_health flag on for this patient, the tag turns the mode on.
    expect(await portalSees()).toEqual({
      tags: [{ name: 'glp1' }, { name: 'personify' }],
      corporate_health: true,
    });

    const kept = await put(patient.id, admin, { tags: ['glp1'] });
    expect(kept.body).toEqual({ tags: ['glp1'] });
    expect((await portalSees())?.corporate_health).toBe(false);

    const cleared = await put(patient.id, admin, { tags: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ tags: [] });
    expect(await storedTags(patient.id)).toEqual([]);
  });

  it('writes one audit row naming the staff member, the patient and the field, not the tags', async () => {
    await server.flushAudit();
    const before = (await server.database.db.select({ id: auditLog.id }).from(auditLog)).reduce(
      (max, r) => Math.max(max, r.id),
      0,
    );
    expect((await put(patient.id, admin, { tags: ['personify'] })).status).toBe(200);
    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, before))
      .orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: 'staff',
      actorId: adminId,
      action: 'update',
      entity: 'customer_tags',
      entityId: patient.id,
      details: { customerId: patient.id, fields: ['tags'] },
    });
    expect(JSON.stringify(rows[0])).not.toContain('personify');
    await put(patient.id, admin, { tags: [] });
  });

  it('refuses a care member (403), a customer token and no token (401), changing nothing', async () => {
    await put(patient.id, admin, { tags: ['glp1'] });
    const asCare = await put(patient.id, care, { tags: ['personify'] });
    expect(asCare.status).toBe(403);
    expect(asCare.body).toMatchObject({ error: { code: 'forbidden' } });
    const asCustomer = await put(patient.id, patient.token, { tags: ['personify'] });
    expect(asCustomer.status).toBe(401);
    expect(asCustomer.body).toMatchObject({ error: { code: 'invalid-token' } });
    expect((await put(patient.id, undefined, { tags: ['personify'] })).status).toBe(401);
    expect(await storedTags(patient.id)).toEqual(['glp1']);
  });

  it('refuses bad input with its field (400) and an unknown customer (404), changing nothing', async () => {
    for (const body of [
      { tags: ['two words'] },
      { tags: [''] },
      { tags: ['x'.repeat(41)] },
      { tags: Array.from({ length: 21 }, (_, i) => `t${String(i)}`) },
      { tags: 'personify' },
      { tags: ['personify'], extra: true },
      {},
    ]) {
      const res = await put(patient.id, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code, JSON.stringify(body)).toBe('invalid-input');
    }
    const missing = await put('00000000-0000-4000-8000-000000000000', admin, { tags: [] });
    expect(missing.status).toBe(404);
    expect(await storedTags(patient.id)).toEqual(['glp1']);
  });
});

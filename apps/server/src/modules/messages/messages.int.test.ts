import type { Client } from 'graphql-ws';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMessages } from '../../db/schema/messages';
import { customerNotifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/platform';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  connect,
  createProvider,
  createStaffUser,
  customerTokenFor,
  follow,
  pause,
  staffCall,
  staffTokenFor,
  waitFor,
} from '../../../test/messaging-helpers';

let server: TestServer;
let staffToken: string;
let staffUserId: string;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const staff = await createStaffUser(server.database.db);
  staffUserId = staff.id;
  staffToken = await staffTokenFor(server, staff.email);
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await server.close();
});

async function post(customerId: string, body: Record<string, unknown>) {
  const res = await staffCall<{ id: string; notificationId: string | null }>(
    server,
    'POST',
    `/staff/customers/${customerId}/messages`,
    staffToken,
    { type: 'treatment_update', ...body },
  );
  expect(res.status).toBe(201);
  return res.body;
}

const MESSAGES = `query getProviderMessages($customerId: ID!) {
  providerMessages(customerId: $customerId) {
    id type messageSections { name html } provider_id provider_name provider_image read_on read
    created_at displayTime template_used_id sent_by_user_id
  }
}`;
const MARK_READ = `mutation updateProviderMessageRead($messageId: ID!) {
  updateProviderMessageRead(messageId: $messageId) { statusCode name data { id read read_on } }
}`;

interface Listed {
  providerMessages: Record<string, unknown>[];
}

async function readOnOf(id: string): Promise<Date | null | undefined> {
  const [row] = await server.database.db
    .select({ readOn: providerMessages.readOn })
    .from(providerMessages)
    .where(eq(providerMessages.id, id));
  return row?.readOn;
}

describe('getProviderMessages', () => {
  it("lists the customer's own messages, newest first, split into sections", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const provider = await createProvider(server.database.db, {
      displayName: 'Dr. Ada Lin',
      profileImage: 'https://img.example.com/lin.png',
    });
    const first = await post(a.customer.id, { html: '<p>Only a body</p>' });
    server.clock.advance(60_000);
    const second = await post(a.customer.id, {
      providerId: provider.id,
      html: '<p>Body</p><!-- section: Dosing --><p>10 units</p><!-- section: Side effects --><ul><li>Nausea</li></ul>',
    });
    await post(b.customer.id, { html: "<p>b's</p>" });

    const res = await graphql<Listed>(
      server,
      MESSAGES,
      await customerTokenFor(server, a.user.email),
      { customerId: a.customer.id },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data?.providerMessages ?? [];
    expect(list.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({
      type: 'treatment_update',
      messageSections: [
        { name: '', html: '<p>Body</p>' },
        { name: 'Dosing', html: '<p>10 units</p>' },
        { name: 'Side effects', html: '<ul><li>Nausea</li></ul>' },
      ],
      provider_id: provider.id,
      provider_name: 'Dr. Ada Lin',
      provider_image: 'https://img.example.com/lin.png',
      read: false,
      read_on: null,
      template_used_id: null,
      sent_by_user_id: staffUserId,
    });
    expect(list[0]?.displayTime).toBe(list[0]?.created_at);
    expect(list[1]).toMatchObject({
      messageSections: [{ name: '', html: '<p>Only a body</p>' }],
      provider_name: null,
    });
  });

  it("answers FORBIDDEN for another customer's id and shows none of theirs", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    await post(b.customer.id, { html: '<p>private</p>' });
    const res = await graphql<Listed>(
      server,
      MESSAGES,
      await customerTokenFor(server, a.user.email),
      { customerId: b.customer.id },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
    const own = await graphql<Listed>(
      server,
      MESSAGES,
      await customerTokenFor(server, a.user.email),
      { customerId: a.customer.id },
    );
    expect(own.data?.providerMessages).toEqual([]);
  });

  it('serves the HTML sanitized when stored, the original kept apart (issue 17)', async () => {
    const a = await createCustomer(server.database.db);
    const html = '<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { id } = await post(a.customer.id, { html });
    const res = await graphql<Listed>(
      server,
      MESSAGES,
      await customerTokenFor(server, a.user.email),
      { customerId: a.customer.id },
    );
    expect(res.data?.providerMessages[0]?.messageSections).toEqual([
      { name: '', html: '<p>Hi</p><img src="x" />' },
    ]);
    const [row] = await server.database.db
      .select({ original: providerMessages.originalMessage })
      .from(providerMessages)
      .where(eq(providerMessages.id, id));
    expect(row?.original).toBe(html);
  });
});

describe('updateProviderMessageRead', () => {
  it('sets read_on to now on an own message, audited', async () => {
    const a = await createCustomer(server.database.db);
    const { id } = await post(a.customer.id, { html: '<p>x</p>' });
    const now = server.clock.now();
    const res = await graphql(server, MARK_READ, await customerTokenFor(server, a.user.email), {
      messageId: id,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      updateProviderMessageRead: {
        statusCode: 200,
        name: 'updateProviderMessageRead',
        data: { id, read: true, read_on: now.toISOString() },
      },
    });
    expect((await readOnOf(id))?.toISOString()).toBe(now.toISOString());
    await server.flushAudit();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'provider_message'), eq(auditLog.entityId, id)));
    expect(audits.map((r) => [r.actorType, r.action])).toEqual([
      ['staff', 'create'],
      ['customer', 'update'],
    ]);
  });

  it('reads the new-message notice that opens it, and only that one (issue 9)', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const first = await post(a.customer.id, { html: '<p>1</p>', notify: { title: 'New message' } });
    const second = await post(a.customer.id, {
      html: '<p>2</p>',
      notify: { title: 'New message' },
    });
    expect(first.notificationId).toEqual(expect.any(String));
    const statusOf = async (id: string | null) =>
      (
        await server.database.db
          .select({ status: customerNotifications.status })
          .from(customerNotifications)
          .where(eq(customerNotifications.id, id ?? ''))
      )[0]?.status;

    // Another customer's attempt changes neither the message nor its notice.
    await graphql(server, MARK_READ, await customerTokenFor(server, b.user.email), {
      messageId: first.id,
    });
    expect(await statusOf(first.notificationId)).toBe('unread');

    const res = await graphql(server, MARK_READ, await customerTokenFor(server, a.user.email), {
      messageId: first.id,
    });
    expect(res.errors).toBeUndefined();
    expect(await statusOf(first.notificationId)).toBe('read');
    expect(await statusOf(second.notificationId)).toBe('unread');
    await server.flushAudit();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'customer_notification'),
          eq(auditLog.entityId, first.notificationId ?? ''),
        ),
      );
    expect(audits.map((r) => [r.actorType, r.action])).toContainEqual(['customer', 'update']);
  });

  it("answers NOT_FOUND for another customer's message and leaves it unread", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const { id } = await post(b.customer.id, { html: '<p>b</p>' });
    const res = await graphql(server, MARK_READ, await customerTokenFor(server, a.user.email), {
      messageId: id,
    });
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await readOnOf(id)).toBeNull();
    const bad = await graphql(server, MARK_READ, await customerTokenFor(server, a.user.email), {
      messageId: "1' or 1=1 --",
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('getProviderMessageTypes and getProvidersByUserIds', () => {
  it('lists the template types and finds providers by their user ids', async () => {
    const a = await createCustomer(server.database.db);
    const template = await staffCall<{ id: string }>(
      server,
      'POST',
      '/staff/message-templates',
      staffToken,
      { type: 'lab_review', description: 'Lab results review' },
    );
    expect(template.status).toBe(201);
    const providerUser = await createStaffUser(server.database.db);
    const provider = await createProvider(server.database.db, {
      displayName: 'Dr. Sam Okoro',
      userId: providerUser.id,
    });
    await createProvider(server.database.db, { displayName: 'Someone Else' });
    const token = await customerTokenFor(server, a.user.email);

    const res = await graphql<Record<string, unknown>>(
      server,
      `
        query Types($userIds: [ID!]!) {
          providerMessageTypes {
            id
            type
            description
          }
          providersByUserIds(userIds: $userIds) {
            id
            user_id
            displayName
            profileImage
            title
          }
        }
      `,
      token,
      { userIds: [providerUser.id, staffUserId] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      providerMessageTypes: [
        { id: template.body.id, type: 'lab_review', description: 'Lab results review' },
      ],
      providersByUserIds: [
        {
          id: provider.id,
          user_id: providerUser.id,
          displayName: 'Dr. Sam Okoro',
          profileImage: null,
          title: 'MD',
        },
      ],
    });
    const bad = await graphql(
      server,
      'query { providersByUserIds(userIds: ["nope"]) { id } }',
      token,
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("takes a message posted from a provider's own staff account as from that provider", async () => {
    const a = await createCustomer(server.database.db);
    const providerUser = await createStaffUser(server.database.db);
    const provider = await createProvider(server.database.db, {
      displayName: 'Dr. Own Account',
      userId: providerUser.id,
    });
    const res = await staffCall<{ id: string }>(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/messages`,
      await staffTokenFor(server, providerUser.email),
      { type: 'treatment_update', html: '<p>from me</p>' },
    );
    expect(res.status).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(providerMessages)
      .where(eq(providerMessages.id, res.body.id));
    expect(row).toMatchObject({ providerId: provider.id, sentByUserId: providerUser.id });
  });
});

describe('providerMessagesChanged subscription', () => {
  const QUERY = `subscription { providerMessagesChanged { change id message { id read messageSections { name } } } }`;
  interface Change {
    providerMessagesChanged: {
      change: string;
      id: string;
      message: { id: string; read: boolean } | null;
    };
  }

  it('delivers a posted or read message to its customer only, with its notification', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const tokenA = await customerTokenFor(server, a.user.email);
    const followA = follow<Change>(connect(server.url, tokenA, clients), QUERY);
    const followB = follow<Change>(
      connect(server.url, await customerTokenFor(server, b.user.email), clients),
      QUERY,
    );
    const notesA = follow<{ notificationsChanged: { notification: { action: unknown } } }>(
      connect(server.url, tokenA, clients),
      'subscription { notificationsChanged { notification { title action { label url } } } }',
    );
    await pause(300);

    await post(b.customer.id, { html: '<p>to b</p>' });
    const toA = await post(a.customer.id, {
      html: '<p>to a</p><!-- section: More --><p>more</p>',
      notify: { title: 'You have a new message' },
    });
    expect(toA.notificationId).toEqual(expect.any(String));
    await graphql(server, MARK_READ, tokenA, { messageId: toA.id });
    await waitFor(
      () =>
        followA.received.length === 2 &&
        followB.received.length === 1 &&
        notesA.received.length === 2,
    );
    await pause(200);

    expect(followA.received).toEqual([
      {
        providerMessagesChanged: {
          change: 'created',
          id: toA.id,
          message: { id: toA.id, read: false, messageSections: [{ name: '' }, { name: 'More' }] },
        },
      },
      {
        providerMessagesChanged: {
          change: 'updated',
          id: toA.id,
          message: { id: toA.id, read: true, messageSections: [{ name: '' }, { name: 'More' }] },
        },
      },
    ]);
    expect(followB.received).toHaveLength(1);
    expect(followB.received[0]?.providerMessagesChanged.id).not.toBe(toA.id);
    // The notice arrives, then (the message read) arrives again, read with it.
    const notice = {
      notificationsChanged: {
        notification: {
          title: 'You have a new message',
          action: { label: 'View message', url: `/messages/${toA.id}` },
        },
      },
    };
    expect(notesA.received).toEqual([notice, notice]);
    for (const f of [followA, followB, notesA]) f.unsubscribe();
  });
});

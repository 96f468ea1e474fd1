import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import { customerTokenFor, staffCall } from '../../../test/messaging-helpers';

// Notification preferences (issue 14): the grid, transactional locked, and the one gate every
// mail and text passes: marketing mail goes only to those who did not turn it off, with an
// RFC 8058 one-click unsubscribe.

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
});
afterAll(async () => {
  await server.close();
});

async function person() {
  const made = await createCustomer(server.database.db);
  return {
    id: made.customer.id,
    email: made.user.email,
    token: await customerTokenFor(server, made.user.email),
  };
}

type Cell = { category: string; channel: string; enabled: boolean; locked: boolean };
const grid = async (token: string) =>
  (
    await graphql<{ notificationPreferences: Cell[] }>(
      server,
      '{ notificationPreferences { category channel enabled locked } }',
      token,
    )
  ).data?.notificationPreferences ?? [];

const set = (token: string, category: string, channel: string, enabled: boolean) =>
  graphql<{ updateNotificationPreference: Cell }>(
    server,
    `
      mutation ($c: String!, $ch: String!, $e: Boolean!) {
        updateNotificationPreference(category: $c, channel: $ch, enabled: $e) {
          category
          channel
          enabled
          locked
        }
      }
    `,
    token,
    { c: category, ch: channel, e: enabled },
  );

const marketing = (to: string) =>
  server.platform.mailer.send({
    to,
    subject: 'News from your care team',
    text: 'Our new sleep program is here.',
    html: '<p>Our new sleep program is here.</p>',
    category: 'Marketing',
  });

const mailsTo = async (to: string) =>
  (await server.outbox?.list(200))?.filter((m) => m.to === to) ?? [];

describe('preferences grid', () => {
  it('shows every category on every channel; marketing texts start off; transactional is locked', async () => {
    const me = await person();
    const cells = await grid(me.token);
    expect(cells).toHaveLength(9);
    expect(cells.find((c) => c.category === 'Marketing' && c.channel === 'email')?.enabled).toBe(
      true,
    );
    expect(cells.find((c) => c.category === 'Marketing' && c.channel === 'sms')?.enabled).toBe(
      false,
    );
    expect(
      cells.filter((c) => c.category === 'Transactional').every((c) => c.locked && c.enabled),
    ).toBe(true);
  });

  it('switches one cell for the viewer only', async () => {
    const me = await person();
    const other = await person();
    const res = await set(me.token, 'WeightTrackerReminderEmailSMS', 'sms', false);
    expect(res.data?.updateNotificationPreference.enabled).toBe(false);
    expect(
      (await grid(me.token)).find(
        (c) => c.category === 'WeightTrackerReminderEmailSMS' && c.channel === 'sms',
      )?.enabled,
    ).toBe(false);
    expect(
      (await grid(other.token)).find(
        (c) => c.category === 'WeightTrackerReminderEmailSMS' && c.channel === 'sms',
      )?.enabled,
    ).toBe(true);
  });

  it('refuses to switch transactional off (C101) and an unknown category', async () => {
    const me = await person();
    const res = await set(me.token, 'Transactional', 'email', false);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'C101', reason: 'transactional' });
    expect((await set(me.token, 'Gossip', 'email', false)).errors?.[0]?.extensions?.code).toBe(
      'C101',
    );
  });

  it("refuses another customer's consent and preferences", async () => {
    const me = await person();
    const other = await person();
    const res = await graphql(
      server,
      'query ($c: ID) { customerConsentAndPreferences(customerId: $c) { consents { type } } }',
      me.token,
      { c: other.id },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the mail gate', () => {
  it('sends marketing mail with a one-click unsubscribe to a customer who did not turn it off', async () => {
    const me = await person();
    await marketing(me.email);
    const [mail] = await mailsTo(me.email);
    expect(mail?.subject).toBe('News from your care team');
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link).toContain('/unsubscribe/Marketing/email?');

    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the link.
    const path = link.replace(server.config.publicUrl, '');
    const tampered = await fetch(
      `${server.url}${path.replace('Marketing', 'WeightTrackerReminderEmailSMS')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(tampered.status).toBe(400);
    const click = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(
      (await grid(me.token)).find((c) => c.category === 'Marketing' && c.channel === 'email')
        ?.enabled,
    ).toBe(false);
    await marketing(me.email);
    expect(await mailsTo(me.email)).toHaveLength(1);
  });

  it('does not send marketing mail to a customer who turned it off, and still sends transactional', async () => {
    const me = await person();
    await set(me.token, 'Marketing', 'email', false);
    await marketing(me.email);
    expect(await mailsTo(me.email)).toHaveLength(0);
    await server.platform.mailer.send({
      to: me.email,
      subject: 'Receipt',
      text: 'Paid.',
      html: '<p>Paid.</p>',
    });
    expect((await mailsTo(me.email)).map((m) => m.subject)).toEqual(['Receipt']);
  });

  it('sends no marketing mail to an address that is no customer', async () => {
    await marketing('stranger@example.com');
    expect(await mailsTo('stranger@example.com')).toHaveLength(0);
  });
});

describe('the text gate', () => {
  it('sends a weight reminder text only while that preference is on', async () => {
    const me = await person();
    const phone = '5035550142';
    await graphql(
      server,
      'mutation ($c: ID!, $p: String!) { updatePhone(customerId: $c, phone: $p) { statusCode } }',
      me.token,
      { c: me.id, p: phone },
    );
    const reminder = () =>
      server.platform.texts.send({
        to: phone,
        body: 'Time to log your weight.',
        category: 'WeightTrackerReminderEmailSMS',
      });
    const sent = async () =>
      (await server.platform.smsOutbox.list(200)).filter((t) => t.to === phone).length;
    await reminder();
    expect(await sent()).toBe(1);
    await set(me.token, 'WeightTrackerReminderEmailSMS', 'sms', false);
    await reminder();
    expect(await sent()).toBe(1);
  });
});

describe('the staff marketing announcement', () => {
  const announce = (customerId: string, key = API_KEY) =>
    staffCall<{ sent: boolean }>(
      server,
      'POST',
      `/staff/customers/${customerId}/marketing-announcements`,
      key,
      { subject: 'Our sleep program', text: 'It is here.\nAsk your care team.' },
    );

  it('sends through the gate: delivered with List-Unsubscribe, or held when marketing email is off', async () => {
    const keeps = await person();
    const optedOut = await person();
    await set(optedOut.token, 'Marketing', 'email', false);

    const delivered = await announce(keeps.id);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ sent: true });
    const [mail] = await mailsTo(keeps.email);
    expect(mail?.subject).toBe('Our sleep program');
    expect(mail?.headers['List-Unsubscribe']).toMatch(/^<.+\/unsubscribe\/Marketing\/email\?.+>$/);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const held = await announce(optedOut.id);
    expect(held.status).toBe(200);
    expect(held.body).toEqual({ sent: false });
    expect(await mailsTo(optedOut.email)).toHaveLength(0);
  });

  it('needs staff, checks the body and answers 404 for an unknown customer', async () => {
    const me = await person();
    expect((await announce(me.id, 'not-the-key')).status).toBe(401);
    const bad = await staffCall(
      server,
      'POST',
      `/staff/customers/${me.id}/marketing-announcements`,
      API_KEY,
      { subject: '', text: 'x' },
    );
    expect(bad.status).toBe(400);
    expect((await announce('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await mailsTo(me.email)).toHaveLength(0);
  });
});

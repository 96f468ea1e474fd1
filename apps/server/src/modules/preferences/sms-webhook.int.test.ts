import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { smsOptOuts } from '../../db/schema/platform';
import { startTwilioStandin, type TwilioStandin } from '../../platform/gateway/twilio-standin';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { TWILIO_SMS_WEBHOOK_PATH } from './sms-webhook-routes';

const SID = 'AC00000000000000000000000000000002';
const TOKEN = 'webhook-test-auth-token';
let standin: TwilioStandin;
let server: TestServer;
beforeAll(async () => {
  standin = await startTwilioStandin(SID, TOKEN);
  server = await startTestServer({
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_BASE: standin.url,
  });
});
afterAll(async () => {
  await server.close();
  await standin.close();
});

let next = 0;
/** A customer with a phone of their own (the factory gives everyone the same one). */
async function customerWithPhone() {
  next += 1;
  const phone = `31255501${String(next).padStart(2, '0')}`;
  const c = await createCustomer(server.database.db);
  await server.database.db.update(customers).set({ phone }).where(eq(customers.id, c.customer.id));
  return { id: c.customer.id, phone };
}

function inbound(params: Record<string, string>, signature?: string) {
  const url = `${server.config.publicUrl}${TWILIO_SMS_WEBHOOK_PATH}`;
  return server.app.inject({
    method: 'POST',
    url: TWILIO_SMS_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(TOKEN, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const text = (phone: string, body: string) => ({
  MessageSid: 'SM1',
  AccountSid: SID,
  From: `+1${phone}`,
  To: '+15005550006',
  Body: body,
});

async function smsPrefs(customerId: string) {
  const p = server.services.preferences;
  return {
    marketing: await p.enabled(customerId, 'Marketing', 'sms'),
    reminders: await p.enabled(customerId, 'WeightTrackerReminderEmailSMS', 'sms'),
    marketingEmail: await p.enabled(customerId, 'Marketing', 'email'),
  };
}

async function optedOut(phone: string) {
  const rows = await server.database.db
    .select()
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone));
  return rows.length > 0;
}

describe('POST /webhooks/twilio/sms (issue 44)', () => {
  it('a forged or missing signature is 403 and changes nothing', async () => {
    const c = await customerWithPhone();
    const before = await smsPrefs(c.id);
    const forged = await inbound(text(c.phone, 'STOP'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    // Signed for other words than those sent.
    const url = `${server.config.publicUrl}${TWILIO_SMS_WEBHOOK_PATH}`;
    const swapped = await inbound(
      text(c.phone, 'STOP'),
      twilio.getExpectedTwilioSignature(TOKEN, url, text(c.phone, 'HELLO')),
    );
    expect(swapped.statusCode).toBe(403);
    expect(await optedOut(c.phone)).toBe(false);
    expect(await smsPrefs(c.id)).toEqual(before);
  });

  it('STOP (any case, trimmed) opts the number out and turns off its switchable sms preferences', async () => {
    for (const word of [' stop ', 'Unsubscribe', 'QUIT', 'stopall', 'cancel', 'End']) {
      const c = await customerWithPhone();
      const res = await inbound(text(c.phone, word));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/xml/);
      expect(res.body).toContain('<Response/>');
      expect(await optedOut(c.phone)).toBe(true);
      const prefs = await smsPrefs(c.id);
      expect(prefs).toMatchObject({ marketing: false, reminders: false });
      // Email is another channel: STOP by text leaves it alone.
      expect(prefs.marketingEmail).toBe(true);
    }
  });

  it('after STOP nothing is texted to the number, transactional included; START lifts that only', async () => {
    const c = await customerWithPhone();
    const texts = server.platform.texts;
    await texts.send({ to: c.phone, body: 'before stop' });
    expect(standin.sent.map((s) => s.body)).toContain('before stop');

    expect((await inbound(text(c.phone, 'STOP'))).statusCode).toBe(200);
    await texts.send({ to: c.phone, body: 'your sign-in code' });
    await texts.send({ to: c.phone, body: 'offer', category: 'Marketing' });
    expect(standin.sent.map((s) => s.body)).not.toContain('your sign-in code');
    expect(standin.sent.map((s) => s.body)).not.toContain('offer');

    const start = await inbound(text(c.phone, 'start'));
    expect(start.statusCode).toBe(200);
    expect(await optedOut(c.phone)).toBe(false);
    await texts.send({ to: c.phone, body: 'code after start' });
    expect(standin.sent.map((s) => s.body)).toContain('code after start');
    // The preferences STOP turned off stay off: the customer turns them on in the grid.
    expect(await smsPrefs(c.id)).toMatchObject({ marketing: false, reminders: false });
    await texts.send({ to: c.phone, body: 'offer after start', category: 'Marketing' });
    expect(standin.sent.map((s) => s.body)).not.toContain('offer after start');
  });

  it('HELP answers with a short TwiML message and changes nothing; other words are ignored', async () => {
    const c = await customerWithPhone();
    const help = await inbound(text(c.phone, 'help'));
    expect(help.statusCode).toBe(200);
    expect(help.body).toMatch(/<Message>Patient Portal: reply STOP to stop texts\./);
    const other = await inbound(text(c.phone, 'thanks!'));
    expect(other.body).toContain('<Response/>');
    expect(await optedOut(c.phone)).toBe(false);
  });
});

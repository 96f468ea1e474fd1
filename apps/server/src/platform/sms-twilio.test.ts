import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioStandin, type TwilioStandin } from './gateway/twilio-standin';
import type { DeliveryPolicy } from './mail';
import { PreferenceGatedTextSender } from './sms';
import { maskedPhone, toE164, TwilioTextSender } from './sms-twilio';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'standin-auth-token';
let standin: TwilioStandin;
beforeAll(async () => {
  standin = await startTwilioStandin(SID, TOKEN);
});
afterAll(async () => {
  await standin.close();
});

function logger() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    error: (details: Record<string, unknown>, message: string) => lines.push({ details, message }),
  };
}

describe('toE164 and maskedPhone', () => {
  it('adds +1 to ten digits and keeps a full number', () => {
    expect(toE164('5551234567')).toBe('+15551234567');
    expect(toE164('(555) 123-4567')).toBe('+15551234567');
    expect(toE164('15551234567')).toBe('+15551234567');
    expect(toE164('+447700900123')).toBe('+447700900123');
    expect(maskedPhone('5551234567')).toBe('***4567');
  });
});

describe('TwilioTextSender against the stand-in (real SDK on the wire)', () => {
  it('sends from the configured number, the phone in E.164', async () => {
    const log = logger();
    const sender = new TwilioTextSender(
      { accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: standin.url },
      log,
    );
    await sender.send({ to: '5551230001', body: 'Your order shipped' });
    expect(standin.sent.at(-1)).toEqual({
      accountSid: SID,
      to: '+15551230001',
      body: 'Your order shipped',
      from: '+15005550006',
      messagingServiceSid: undefined,
    });
    expect(log.lines).toEqual([]);
  });

  it('sends through a messaging service when one is set', async () => {
    const sender = new TwilioTextSender(
      { accountSid: SID, authToken: TOKEN, messagingServiceSid: 'MG123', apiBase: standin.url },
      logger(),
    );
    await sender.send({ to: '5551230002', body: 'Hi' });
    expect(standin.sent.at(-1)).toMatchObject({ messagingServiceSid: 'MG123', from: undefined });
  });

  it('a refused send is logged without the body or the whole number and does not throw', async () => {
    const log = logger();
    const sender = new TwilioTextSender(
      { accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: standin.url },
      log,
    );
    const before = standin.sent.length;
    await expect(
      sender.send({ to: '5005550001', body: 'secret lab result' }),
    ).resolves.toBeUndefined();
    expect(standin.sent.length).toBe(before);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.details).toEqual({ to: '***0001', status: 400, twilioCode: 21211 });
    const logged = JSON.stringify(log.lines);
    expect(logged).not.toContain('secret lab result');
    expect(logged).not.toContain('5005550001');
  });

  it('wrong credentials are logged (401) and nothing is sent', async () => {
    const log = logger();
    const sender = new TwilioTextSender(
      { accountSid: SID, authToken: 'wrong', from: '+15005550006', apiBase: standin.url },
      log,
    );
    const before = standin.sent.length;
    await sender.send({ to: '5551230003', body: 'Hi' });
    expect(standin.sent.length).toBe(before);
    expect(log.lines[0]?.details).toMatchObject({ status: 401, twilioCode: 20003 });
  });
});

describe('the preference gate in front of Twilio', () => {
  it('a switched-off category is not sent; transactional is', async () => {
    const gated = new PreferenceGatedTextSender(
      new TwilioTextSender(
        { accountSid: SID, authToken: TOKEN, from: '+15005550006', apiBase: standin.url },
        logger(),
      ),
    );
    const policy: DeliveryPolicy = {
      allows: () => Promise.resolve(false),
    } as unknown as DeliveryPolicy;
    gated.usePolicy(policy);
    const before = standin.sent.length;
    await gated.send({ to: '5551230004', body: 'Offer', category: 'Marketing' });
    expect(standin.sent.length).toBe(before);
    await gated.send({ to: '5551230004', body: 'Your code' });
    expect(standin.sent.at(-1)).toMatchObject({ to: '+15551230004', body: 'Your code' });
  });
});

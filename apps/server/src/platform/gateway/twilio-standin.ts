import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of the one Twilio endpoint the text sender (sms-twilio.ts) calls, for its
// tests: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, HTTP basic auth
// with the account sid and auth token, answered with Twilio's message or error JSON. Nothing
// here is Twilio itself: a To of +15005550001 is refused as Twilio refuses an invalid number
// (400, code 21211), as its magic test numbers do.

export const STANDIN_INVALID_NUMBER = '+15005550001';

export interface SentText {
  accountSid: string;
  to: string;
  body: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
}

export interface TwilioStandin {
  url: string;
  sent: SentText[];
  close(): Promise<void>;
}

export async function startTwilioStandin(accountSid: string, authToken: string) {
  const sent: SentText[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        return;
      }
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected || match[1] !== accountSid) {
        reply(401, { code: 20003, message: 'Authenticate', status: 401 });
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      if (to === STANDIN_INVALID_NUMBER || !/^\+\d{8,15}$/.test(to)) {
        reply(400, {
          code: 21211,
          message: `The 'To' number ${to} is not a valid phone number.`,
          status: 400,
        });
        return;
      }
      const text: SentText = {
        accountSid,
        to,
        body: form.get('Body') ?? '',
        from: form.get('From') ?? undefined,
        messagingServiceSid: form.get('MessagingServiceSid') ?? undefined,
      };
      sent.push(text);
      reply(201, {
        sid: `SM${sent.length.toString().padStart(32, '0')}`,
        account_sid: accountSid,
        to,
        from: text.from ?? null,
        messaging_service_sid: text.messagingServiceSid ?? null,
        body: text.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/SM.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies TwilioStandin;
}

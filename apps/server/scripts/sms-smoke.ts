import { TwilioTextSender } from '../src/platform/sms-twilio';

// `npx tsx apps/server/scripts/sms-smoke.ts` (issue 44): one text through the Twilio sender
// with the real SDK, to catch what the stand-in cannot (a changed parameter, a refused sender).
// Not run in CI. Needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (or
// TWILIO_MESSAGING_SERVICE_SID) and SMS_SMOKE_TO (ten digits or E.164). With Twilio's test
// credentials and TWILIO_FROM=+15005550006 nothing is delivered and nothing is billed.
// TWILIO_API_BASE points it at a stand-in instead. Skipped (exit 0) when a setting is missing.

const env = process.env;
const from = env.TWILIO_FROM;
const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID;
if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !(from || messagingServiceSid)) {
  console.log('sms:smoke skipped: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender are not set');
  process.exit(0);
}
if (!env.SMS_SMOKE_TO) {
  console.log('sms:smoke skipped: SMS_SMOKE_TO (the number to text) is not set');
  process.exit(0);
}

let failure: Record<string, unknown> | undefined;
const sender = new TwilioTextSender(
  {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from,
    messagingServiceSid,
    apiBase: env.TWILIO_API_BASE,
  },
  { error: (details) => (failure = details) },
);
await sender.send({ to: env.SMS_SMOKE_TO, body: 'Patient Portal: SMS smoke test.' });
if (failure) {
  console.error('sms:smoke failed:', failure);
  process.exit(1);
}
console.log('✓ sms:smoke: Twilio accepted the message');

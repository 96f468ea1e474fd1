import type twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { lazyPackage } from './lazy-package';
import type { TextMessage, TextSender } from './sms';

/** TWILIO_* settings (config.ts): complete as a set, or absent (texts go to the dev outbox). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** Either a sending number (E.164) or a messaging service sid. */
  from?: string | undefined;
  messagingServiceSid?: string | undefined;
  /** Tests and development only: the Twilio stand-in's address instead of api.twilio.com. */
  apiBase?: string | undefined;
}

/** What the sender logs with (pino's error). */
export interface TextLogger {
  error(details: Record<string, unknown>, message: string): void;
}

/** A stored phone (ten digits, or already E.164) as Twilio wants it: +1 for ten US digits. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/** The last four digits only: a log line never names a patient's whole number. */
export function maskedPhone(phone: string): string {
  return `***${phone.replace(/\D/g, '').slice(-4)}`;
}

/** The SDK (about 110 ms of CPU to load) loads with the first sender, when Twilio is set up. */
const sdk = lazyPackage<typeof twilio>('twilio');

/**
 * The SDK's own request client, sending to another base URL (the stand-in). Twilio's client
 * options have no base-URL setting (edge/region only pick Twilio's own hosts); the httpClient
 * option is the documented seam, so the SDK's wire format is what the stand-in sees.
 */
function baseUrlRequestClient(apiBase: string): RequestClient {
  class BaseUrlRequestClient extends sdk().RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const uri = opts.uri.replace(/^https:\/\/[^/]+/, apiBase.replace(/\/$/, ''));
      return super.request<TData>({ ...opts, uri });
    }
  }
  return new BaseUrlRequestClient();
}

/**
 * Texts through Twilio's Messages API with the official SDK. A failed send is logged (status
 * and Twilio's error code, the number masked, never the body) and does not fail the caller's
 * business action: a text is a courtesy next to what the caller already saved.
 */
export class TwilioTextSender implements TextSender {
  private readonly client: twilio.Twilio;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly logger: TextLogger,
  ) {
    this.client = sdk()(settings.accountSid, settings.authToken, {
      ...(settings.apiBase ? { httpClient: baseUrlRequestClient(settings.apiBase) } : {}),
      autoRetry: true,
      maxRetries: 2,
    });
  }

  async send({ to, body }: TextMessage): Promise<void> {
    const sender = this.settings.messagingServiceSid
      ? { messagingServiceSid: this.settings.messagingServiceSid }
      : { from: this.settings.from ?? '' };
    try {
      await this.client.messages.create({ to: toE164(to), body, ...sender });
    } catch (err) {
      const e = err as { status?: unknown; code?: unknown };
      this.logger.error(
        {
          to: maskedPhone(to),
          status: typeof e.status === 'number' ? e.status : undefined,
          twilioCode: typeof e.code === 'number' ? e.code : undefined,
        },
        'text message not sent',
      );
    }
  }
}

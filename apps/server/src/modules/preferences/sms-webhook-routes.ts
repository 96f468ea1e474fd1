import { NOTIFICATION_PREFERENCE_CATEGORIES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type twilio from 'twilio';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { lazyPackage } from '../../platform/lazy-package';
import { storedPhone, type SmsOptOuts } from '../../platform/sms';
import type { PreferenceService } from './service';

/*
 * Twilio's inbound-message webhook (issue 44): POST /webhooks/twilio/sms, form-encoded, signed
 * with X-Twilio-Signature (HMAC-SHA1 of PUBLIC_URL + path and the sorted form fields under the
 * auth token), checked with the SDK's validateRequest. Registered only when TWILIO_* is set.
 *   403 text/plain          missing or forged signature: nothing changes
 *   200 text/xml (TwiML)    an empty <Response/>, or for HELP a short answer
 * Keywords (trimmed, any case), as Twilio's own opt-out handling reads them:
 *   STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT  the number is opted out (no text of any
 *     category goes to it, transactional too) and the customer with that phone has every
 *     switchable sms preference turned off. Twilio sends its own confirmation.
 *   START, UNSTOP  the opt-out is lifted; the preferences STOP turned off stay off (we do not
 *     know what they were before; the customer turns them on again in the grid). Transactional
 *     texts (sign-in codes, orders) flow again.
 *   HELP  a short answer naming STOP and where to change preferences.
 */
/** The SDK loads with these routes, which exist only when Twilio is set up (issue 46). */
const sdk = lazyPackage<typeof twilio>('twilio');

export const TWILIO_SMS_WEBHOOK_PATH = '/webhooks/twilio/sms';

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);
const SYSTEM: AuditActor = { type: 'system', id: 'twilio-sms-webhook' };

export interface SmsWebhookOptions {
  authToken: string;
  publicUrl: string;
  optOuts: SmsOptOuts;
  preferences: Pick<PreferenceService, 'set'>;
  customerIdByPhone: (phone: string) => Promise<string | null>;
  clock: Clock;
}

export function smsWebhookRoutes(
  app: FastifyInstance,
  options: SmsWebhookOptions,
  done: () => void,
) {
  // Form bodies are parsed app-wide (registerHttpPlugins) into an object of strings.
  app.post(TWILIO_SMS_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    const url = `${options.publicUrl}${request.url}`;
    if (
      typeof signature !== 'string' ||
      !sdk().validateRequest(options.authToken, signature, url, params)
    ) {
      request.log.warn('twilio sms webhook: signature refused');
      return reply.status(403).type('text/plain').send('Forbidden');
    }
    const word = (params.Body ?? '').trim().toUpperCase();
    const from = storedPhone(params.From ?? '');
    const answer = new (sdk().twiml.MessagingResponse)();
    if (from && STOP_WORDS.has(word)) {
      await options.optOuts.optOut(from, options.clock.now());
      const customerId = await options.customerIdByPhone(from);
      if (customerId) {
        for (const category of NOTIFICATION_PREFERENCE_CATEGORIES) {
          if (category === 'Transactional') continue;
          await options.preferences.set(
            customerId,
            { category, channel: 'sms', enabled: false },
            SYSTEM,
          );
        }
      }
      request.log.info({ customerFound: !!customerId }, 'twilio sms webhook: opted out');
    } else if (from && START_WORDS.has(word)) {
      await options.optOuts.optIn(from);
      request.log.info('twilio sms webhook: opt-out lifted');
    } else if (word === 'HELP' || word === 'INFO') {
      answer.message(
        'Patient Portal: reply STOP to stop texts. Change which texts you get under Account > Notification preferences.',
      );
    }
    return reply.type('text/xml').send(answer.toString());
  });
  done();
}

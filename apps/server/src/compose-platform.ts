import { hkdfSync } from 'node:crypto';
import { exportJWK } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config, PaymentsConfig } from './config';
import type { Db } from './db/client';
import type { SigningKeys } from './identity/keys';
import { AuditLog } from './platform/audit';
import type { Clock } from './platform/clock';
import { createDocumentStore, type DocumentStore } from './platform/document-store';
import { Events } from './platform/events';
import type { SandboxCheckout } from './platform/gateway/checkout';
import type { PaymentGateway } from './platform/gateway/gateway';
import { SandboxGateway } from './platform/gateway/sandbox';
import { StripeGateway } from './platform/gateway/stripe';
import { loggerOptions } from './platform/logger';
import { OutboxMailer, PreferenceGatedMailer, SmtpMailer, type Mailer } from './platform/mail';
import { createEmitter, type Emitter } from './platform/pubsub';
import {
  OutboxTextSender,
  PreferenceGatedTextSender,
  SmsOptOuts,
  type TextSender,
} from './platform/sms';
import { TwilioTextSender } from './platform/sms-twilio';
import { UnitOfWork } from './platform/unit-of-work';

/** The platform pieces every area shares, built once (by compose(), services.ts). */
export interface Platform {
  clock: Clock;
  /** The server's log (Fastify logs through it too): secrets and personal data redacted. */
  logger: FastifyBaseLogger;
  audit: AuditLog;
  /** The live updates' emitter: in process, or through Redis when REDIS_URL is set. */
  emitter: Emitter;
  /** Publishes on `emitter`: what Mercurius' subscriptions and the session revocations hear. */
  events: Events;
  uow: UnitOfWork;
  /** Mail through the preference gate (the root hands the gate its policy). */
  mailer: PreferenceGatedMailer;
  /** The development outbox when no SMTP server is configured. */
  outbox: OutboxMailer | null;
  /** Texts, through the same preference gate as mail. */
  texts: PreferenceGatedTextSender;
  /** The development text outbox (no SMS provider is built in; TextSender is the seam). */
  smsOutbox: OutboxTextSender;
  /** Issue 44: numbers that texted STOP (the Twilio webhook writes, the text gate reads). */
  smsOptOuts: SmsOptOuts;
  /** Where documents' bytes live: DATA_DIR/files, or S3 when S3_BUCKET is set. */
  files: DocumentStore;
  /** The payment processor every charge goes through (the payments module's port). */
  gateway: PaymentGateway;
  /**
   * The built-in sandbox processor and its hosted pages (tokenization, pay-later checkout,
   * 3-D Secure challenge), only while PAYMENTS_PROVIDER=sandbox: with Stripe none of it exists,
   * so no route of ours ever takes a card number (issue 39).
   */
  sandbox: { gateway: SandboxGateway; checkout: SandboxCheckout } | undefined;
  /** Signs and verifies the gateway's webhooks (HMAC-SHA256). */
  gatewayWebhookSecret: Buffer;
}

/**
 * PAYMENTS_PROVIDER picks the processor (issue 39; production refuses the sandbox). The sandbox
 * is made only when it is the processor; its checkout is the gateway's own, since it also sends
 * the 3-D Secure challenge's events.
 */
function paymentProcessor(
  payments: PaymentsConfig,
  sandbox: () => SandboxGateway,
): Pick<Platform, 'gateway' | 'sandbox'> {
  if (payments.provider === 'stripe') {
    const gateway = new StripeGateway({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      apiBase: payments.apiBase,
    });
    return { gateway, sandbox: undefined };
  }
  const gateway = sandbox();
  return { gateway, sandbox: { gateway, checkout: gateway.checkout } };
}

/** Builds the platform; `close()` (services.ts) closes what it opens, in order. */
export async function buildPlatform(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  keys: SigningKeys;
}): Promise<Platform> {
  const { config, db, clock, keys } = deps;
  const outbox = config.smtpUrl ? null : new OutboxMailer(db);
  const transport: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : (outbox as OutboxMailer);
  const smsOutbox = new OutboxTextSender(db);
  const smsOptOuts = new SmsOptOuts(db);
  const emitter = createEmitter(config.redisUrl);
  const gatewayWebhookSecret = await derivedSecret(keys, 'portal gateway webhooks');
  const processor = paymentProcessor(
    config.billing.payments,
    () => new SandboxGateway(db, clock, gatewayWebhookSecret),
  );
  const logger = pino(loggerOptions(config.logLevel));
  // Issue 44: Twilio when configured (as mail picks SMTP); the dev outbox otherwise.
  const textTransport: TextSender = config.twilio
    ? new TwilioTextSender(config.twilio, logger)
    : smsOutbox;
  return {
    clock,
    logger,
    // Outside a transaction (reads, sign-ins): batched, one insert per tick, flushed on close.
    // Inside a UnitOfWork a write's audit row still goes in its own transaction.
    audit: new AuditLog(db, { batched: true, flushMs: config.auditFlushMs }),
    emitter,
    events: new Events(emitter),
    uow: new UnitOfWork(db),
    // Every area gets the gated mailer and text sender: the one place preferences are checked.
    mailer: new PreferenceGatedMailer(transport),
    outbox,
    texts: new PreferenceGatedTextSender(textTransport, smsOptOuts),
    smsOptOuts,
    smsOutbox,
    files: createDocumentStore(config.files),
    ...processor,
    gatewayWebhookSecret,
  };
}

/**
 * Without FILES_SIGNING_SECRET (or BILLING_QUOTE_SECRET), signed file URLs (quotes) use a key
 * derived (HKDF, one label each) from the token signing key, which every instance shares
 * already (JWT_PRIVATE_KEY, or the one kept under DATA_DIR).
 */
export async function derivedSecret(keys: SigningKeys, label: string): Promise<Buffer> {
  const { d } = await exportJWK(keys.privateKey);
  if (!d) throw new Error('the signing key has no private part');
  return Buffer.from(hkdfSync('sha256', Buffer.from(d, 'base64url'), '', label, 32));
}

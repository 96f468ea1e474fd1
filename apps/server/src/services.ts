import type { Config } from './config';
import type { Database } from './db/client';
import type { Services } from './graphql/context';
import { hkdfSync } from 'node:crypto';
import { exportJWK } from 'jose';
import { loadSigningKeys, type SigningKeys } from './identity/keys';
import { Redis } from 'ioredis';
import { IdentityRateLimiter, scaledRateRules, type IdentityLimiter } from './identity/rate-limits';
import { IdentityService } from './identity/service';
import { IdentityStore } from './identity/store';
import { TokenService } from './identity/tokens';
import { createAppointmentService } from './modules/appointments/service';
import { createBillingService } from './modules/billing/service';
import { createBulkService } from './modules/bulk/service';
import { createCustomerActionService } from './modules/customers/actions-service';
import { createCustomerService } from './modules/customers/service';
import { createFileService } from './modules/files/service';
import { createFlagService } from './modules/flags/service';
import { createFormService } from './modules/forms/service';
import { createIdVerificationService } from './modules/forms/id-verification';
import { createLabService } from './modules/labs/service';
import { createMeasurementService } from './modules/measurements/service';
import { createMessageService } from './modules/messages/service';
import { createNotificationService } from './modules/notifications/service';
import { createPreferenceService } from './modules/preferences/service';
import { createPrescriptionService } from './modules/prescriptions/service';
import { createReferralService } from './modules/referrals/service';
import { createSduiService } from './modules/sdui/service';
import { StaffAuth } from './modules/staff/auth';
import { StaffService } from './modules/staff/service';
import { AuditLog } from './platform/audit';
import { systemClock, type Clock } from './platform/clock';
import { createDocumentStore, type DocumentStore } from './platform/document-store';
import { Events } from './platform/events';
import { SandboxCheckout } from './platform/gateway/checkout';
import { SandboxGateway } from './platform/gateway/sandbox';
import { RATE_LIMIT_REDIS_NAME } from './platform/http-plugins';
import { createMarketingService } from './modules/preferences/marketing';
import { OutboxMailer, PreferenceGatedMailer, SmtpMailer, type Mailer } from './platform/mail';
import { OutboxTextSender, PreferenceGatedTextSender, type TextSender } from './platform/sms';
import { AccountIdentity } from './identity/account';
import { createAccountService } from './modules/customers/account-service';
import { UrlSigner } from './platform/signed-urls';
import { UnitOfWork } from './platform/unit-of-work';

export type { Services };

/** Prescriptions that are an order on its way (spec 02 §6, SA103): written, not yet delivered. */
const PRESCRIPTIONS_IN_PROGRESS = new Set(['received', 'inProgress', 'shipped']);

/** The platform pieces every area shares, built once. */
export interface Platform {
  clock: Clock;
  audit: AuditLog;
  events: Events;
  uow: UnitOfWork;
  mailer: Mailer;
  /** The development outbox when no SMTP server is configured. */
  outbox: OutboxMailer | null;
  /** Texts, through the same preference gate as mail. */
  texts: TextSender;
  /** The development text outbox (no SMS provider is built in; TextSender is the seam). */
  smsOutbox: OutboxTextSender;
  /** Where documents' bytes live: DATA_DIR/files, or S3 when S3_BUCKET is set. */
  files: DocumentStore;
  /** The built-in sandbox payment gateway (GATEWAY=sandbox); its tokenization route needs it. */
  sandboxGateway: SandboxGateway;
  /** The sandbox gateway's hosted pay-later checkout; app.ts wires its webhook delivery. */
  sandboxCheckout: SandboxCheckout;
  /** Signs and verifies the gateway's webhooks (HMAC-SHA256). */
  gatewayWebhookSecret: Buffer;
}

export interface Composition {
  services: Services;
  platform: Platform;
  keys: SigningKeys;
  tokens: TokenService;
  identity: IdentityService;
  /** The account page's identity operations (email change, password change, deletion). */
  accountIdentity: AccountIdentity;
  staff: { auth: StaffAuth; service: StaffService };
  /** Where rate limits are counted across instances, when REDIS_URL is set. */
  redis: Redis | undefined;
  /** Closes what the composition opened (the rate limits' Redis connection). */
  close(): Promise<void>;
}

export interface CompositionOptions {
  config: Config;
  database: Database;
  clock?: Clock | undefined;
  keys?: SigningKeys | undefined;
  /** Replaces the identity rate limits (the benchmarks measure without them). */
  identityLimiter?: IdentityLimiter | undefined;
}

/**
 * The composition root: the one place that builds identity, mail, rate limits, the staff API
 * and every module, each from explicit dependencies (a module builds its own store); `buildApp`
 * (app.ts) registers the HTTP side on top.
 */
export async function compose(options: CompositionOptions): Promise<Composition> {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;

  const keys = options.keys ?? (await loadSigningKeys(config.dataDir, config.jwtPrivateKey));
  const tokens = new TokenService(keys, config.publicUrl, clock);
  const outbox = config.smtpUrl ? null : new OutboxMailer(db);
  const transport: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : (outbox as OutboxMailer);
  // Every area gets the gated mailer and text sender: the one place preferences are checked.
  const mailer = new PreferenceGatedMailer(transport);
  const smsOutbox = new OutboxTextSender(db);
  const texts = new PreferenceGatedTextSender(smsOutbox);
  // Outside a transaction (reads, sign-ins): batched, one insert per tick, flushed on close.
  // Inside a UnitOfWork a write's audit row still goes in its own transaction.
  const audit = new AuditLog(db, { batched: true, flushMs: config.auditFlushMs });
  const events = new Events();
  const uow = new UnitOfWork(db);
  const files = createDocumentStore(config.files);
  const sandboxGateway = new SandboxGateway(db);
  const gatewayWebhookSecret = await derivedSecret(keys, 'portal gateway webhooks');
  const sandboxCheckout = new SandboxCheckout(db, clock, gatewayWebhookSecret);
  const platform: Platform = {
    clock,
    audit,
    events,
    uow,
    mailer,
    outbox,
    texts,
    smsOutbox,
    files,
    sandboxGateway,
    sandboxCheckout,
    gatewayWebhookSecret,
  };

  // One connection counts every limit (identity and the global one) across instances.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectionName: RATE_LIMIT_REDIS_NAME })
    : undefined;
  const limiter =
    options.identityLimiter ??
    new IdentityRateLimiter(scaledRateRules(config.authRateLimitMultiplier), redis);
  const identityStore = new IdentityStore(db);
  const identity = new IdentityService(identityStore, tokens, mailer, limiter, audit, uow, clock, {
    tenantId: config.tenantId,
    publicUrl: config.publicUrl,
    // A sign-up moves the referral of that email on (spec 02 §4); in the sign-up's transaction.
    onCustomerSignedUp: (customer, work) =>
      referrals.refereeSignedUp(customer.customerId, customer.email, work),
    // Ended sessions close their sockets on every instance (the live updates' pub/sub).
    onSessionsRevoked: (sessionIds) => events.sessionsRevoked(sessionIds),
  });

  // Each area builds its own store inside its module; the root hands over only what it needs.
  const customers = createCustomerService({ db, audit });
  const customerActions = createCustomerActionService({ db, audit, clock });
  const flags = createFlagService({ db, uow });
  const notifications = createNotificationService({ db, uow, audit, clock, events, customers });
  const messages = createMessageService({ db, uow, audit, clock, events, notifications });
  const sdui = createSduiService({ db, uow });
  const appointments = createAppointmentService({ db, customers, uow, audit, clock });
  const signer = new UrlSigner(
    config.files.signingSecret ?? (await derivedSecret(keys, 'portal signed file urls')),
  );
  const preferences = createPreferenceService({
    db,
    uow,
    audit,
    clock,
    // The account service is built below; the gate only asks once mail goes out.
    recipients: {
      customerIdByEmail: (email) => account.customerIdByEmail(email),
      customerIdByPhone: (phone) => account.customerIdByPhone(phone),
    },
    signer: new UrlSigner(await derivedSecret(keys, 'portal unsubscribe links')),
    publicUrl: config.publicUrl,
  });
  mailer.usePolicy(preferences);
  texts.usePolicy(preferences);
  const fileService = createFileService({
    db,
    files,
    signer,
    uow,
    audit,
    clock,
    publicUrl: config.publicUrl,
  });
  const prescriptions = createPrescriptionService({ db, audit, clock });
  const labs = createLabService({ db, files: fileService, audit, clock });
  const referrals = createReferralService({
    db,
    uow,
    audit,
    clock,
    mailer,
    flags,
    customers,
    publicUrl: config.publicUrl,
  });
  const measurements = createMeasurementService({
    db,
    uow,
    audit,
    clock,
    customers,
    // The WeightTrackerReminderEmailSMS preference on the email channel.
    preferences: {
      allowsReminderMail: (customerId) =>
        preferences.enabled(customerId, 'WeightTrackerReminderEmailSMS', 'email'),
    },
    notifications,
    mailer,
    publicUrl: config.publicUrl,
  });
  const systemActor = { type: 'system' as const, id: null };
  const account = createAccountService({
    db,
    uow,
    clock,
    sources: {
      activeTreatmentShortIds: async (customerId) =>
        (await appointments.activeTreatments(customerId)).map((t) => t.shortId),
      prescriptionsInProgress: async (customerId) => {
        const list = await prescriptions.list(customerId, 'UTC', systemActor, 'addressLock');
        return list.filter((p) => PRESCRIPTIONS_IN_PROGRESS.has(p.prescription.status)).length;
      },
    },
  });
  const accountIdentity = new AccountIdentity(
    identityStore,
    mailer,
    limiter,
    uow,
    clock,
    {
      emailChanged: (customerId, email, work) => account.setEmail(customerId, email, work),
      accountDeleted: async (customerId, work) => {
        await account.eraseForDeletion(customerId, work);
        await preferences.eraseFor(customerId, work);
      },
      sessionsRevoked: (sessionIds) => {
        // This instance stops trusting them at once; the event tells the others.
        identity.forgetSessions(sessionIds);
        return events.sessionsRevoked(sessionIds);
      },
    },
    config.tenantId,
  );
  const billing = createBillingService({
    db,
    customers,
    uow,
    audit,
    clock,
    gateway: sandboxGateway,
    events,
    quoteSecret: config.billing.quoteSecret
      ? Buffer.from(config.billing.quoteSecret)
      : await derivedSecret(keys, 'portal billing quotes'),
    urlSigner: signer,
    publicUrl: config.publicUrl,
    notifications,
    credits: referrals.credits,
    pdf: { provider: config.billing.provider },
    // The crash drill of the exactly-once test: exit as a killed process would, mid-change.
    afterGatewayCharge: config.billing.crashAfterCharge ? () => process.exit(70) : undefined,
  });

  const forms = createFormService({
    db,
    uow,
    audit,
    clock,
    files: fileService,
    appointments,
    notifications,
    customers,
    measurements,
    prescriptions,
  });
  const idVerification = createIdVerificationService({
    db,
    uow,
    clock,
    files: fileService,
    appointments,
    notifications,
  });
  const bulk = createBulkService({
    db,
    uow,
    audit,
    clock,
    events,
    gateway: sandboxGateway,
    checkout: sandboxCheckout,
    customers,
    customerActions,
    appointments,
    notifications,
    billing,
    flags,
    // The same crash drill as billing's (BILLING_TEST_CRASH_AFTER_CHARGE).
    afterGatewayCharge: config.billing.crashAfterCharge ? () => process.exit(70) : undefined,
  });

  const staff = {
    auth: new StaffAuth({
      users: identityStore,
      identity,
      tokens,
      audit,
      tenantId: config.tenantId,
      apiKey: config.staffApiKey,
    }),
    service: new StaffService({
      uow,
      events,
      customers,
      customerActions,
      appointments,
      messages,
      notifications,
      flags,
      sdui,
      prescriptions,
      labs,
      referrals,
      measurements,
      forms,
      idVerification,
      bulk,
      marketing: createMarketingService({
        mailer,
        policy: preferences,
        recipients: {
          emailOf: async (id) => (await customers.contactFacts(id))?.email ?? null,
        },
        audit,
      }),
    }),
  };

  return {
    services: {
      customers,
      customerActions,
      flags,
      notifications,
      messages,
      sdui,
      appointments,
      preferences,
      account,
      prescriptions,
      labs,
      files: fileService,
      referrals,
      measurements,
      billing,
      forms,
      idVerification,
      bulk,
    },
    platform,
    keys,
    tokens,
    identity,
    accountIdentity,
    staff,
    redis,
    close: async () => {
      await audit.close();
      await redis?.quit();
    },
  };
}

/**
 * Without FILES_SIGNING_SECRET (or BILLING_QUOTE_SECRET), signed file URLs (quotes) use a key
 * derived (HKDF, one label each) from the token signing key, which every instance shares
 * already (JWT_PRIVATE_KEY, or the one kept under DATA_DIR).
 */
async function derivedSecret(keys: SigningKeys, label: string): Promise<Buffer> {
  const { d } = await exportJWK(keys.privateKey);
  if (!d) throw new Error('the signing key has no private part');
  return Buffer.from(hkdfSync('sha256', Buffer.from(d, 'base64url'), '', label, 32));
}

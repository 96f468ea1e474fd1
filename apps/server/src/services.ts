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
import { createCustomerActionService } from './modules/customers/actions-service';
import { createCustomerService } from './modules/customers/service';
import { createFileService } from './modules/files/service';
import { createFlagService } from './modules/flags/service';
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
import { SandboxGateway } from './platform/gateway/sandbox';
import { RATE_LIMIT_REDIS_NAME } from './platform/http-plugins';
import { OutboxMailer, SmtpMailer, type Mailer } from './platform/mail';
import { UrlSigner } from './platform/signed-urls';
import { UnitOfWork } from './platform/unit-of-work';

export type { Services };

/** The platform pieces every area shares, built once. */
export interface Platform {
  clock: Clock;
  audit: AuditLog;
  events: Events;
  uow: UnitOfWork;
  mailer: Mailer;
  /** The development outbox when no SMTP server is configured. */
  outbox: OutboxMailer | null;
  /** Where documents' bytes live: DATA_DIR/files, or S3 when S3_BUCKET is set. */
  files: DocumentStore;
  /** The built-in sandbox payment gateway (GATEWAY=sandbox); its tokenization route needs it. */
  sandboxGateway: SandboxGateway;
}

export interface Composition {
  services: Services;
  platform: Platform;
  keys: SigningKeys;
  tokens: TokenService;
  identity: IdentityService;
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
  const mailer: Mailer = config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : (outbox as OutboxMailer);
  const audit = new AuditLog(db);
  const events = new Events();
  const uow = new UnitOfWork(db);
  const files = createDocumentStore(config.files);
  const sandboxGateway = new SandboxGateway(db);
  const platform: Platform = { clock, audit, events, uow, mailer, outbox, files, sandboxGateway };

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
  });

  // Each area builds its own store inside its module; the root hands over only what it needs.
  const customers = createCustomerService({ db, audit });
  const customerActions = createCustomerActionService({ db, audit, clock });
  const flags = createFlagService({ db, uow });
  const notifications = createNotificationService({ db, uow, audit, clock, events, customers });
  const messages = createMessageService({ db, uow, audit, clock, events, notifications });
  const sdui = createSduiService({ db, uow });
  const appointments = createAppointmentService({ db, customers, uow, audit, clock });
  const preferences = createPreferenceService({ db, uow, audit, clock });
  const signer = new UrlSigner(
    config.files.signingSecret ?? (await derivedSecret(keys, 'portal signed file urls')),
  );
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
    publicUrl: config.publicUrl,
  });
  const measurements = createMeasurementService({ db, uow, audit, clock });
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
    // The crash drill of the exactly-once test: exit as a killed process would, mid-change.
    afterGatewayCharge: config.billing.crashAfterCharge ? () => process.exit(70) : undefined,
  });

  const staff = {
    auth: new StaffAuth({
      users: identityStore,
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
      prescriptions,
      labs,
      files: fileService,
      referrals,
      measurements,
      billing,
    },
    platform,
    keys,
    tokens,
    identity,
    staff,
    redis,
    close: async () => {
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

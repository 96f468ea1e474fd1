import type { Config } from './config';
import type { Database } from './db/client';
import type { Services } from './graphql/context';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { buildPlatform, derivedSecret, type Platform } from './compose-platform';
import { SessionSockets } from './graphql-host/subscriptions';
import { createGoogleSignIn, type GoogleSignIn } from './identity/google';
import { loadSigningKeys, type SigningKeys } from './identity/keys';
import { IdentityRateLimiter, scaledRateRules, type IdentityLimiter } from './identity/rate-limits';
import { useThreadPoolSize } from './identity/secrets';
import { lazyPackage } from './platform/lazy-package';
import { IdentityService } from './identity/service';
import { IdentityStore } from './identity/store';
import { TokenService } from './identity/tokens';
import { RENEWALS_EVERY_MS, RENEWALS_JOB } from './modules/billing/renewals';
import { WEIGHT_REMINDER_EVERY_MS, WEIGHT_REMINDER_JOB } from './modules/weight/reminders';
import { VisitCancellation } from './modules/appointments/calendar-cancellation';
import { CalendarMail } from './modules/appointments/calendar-mail';
import { createAppointmentService } from './modules/appointments/service';
import { createBillingService } from './modules/billing/service';
import { createBulkService } from './modules/bulk/service';
import {
  createPaymentsService,
  PAYMENTS_JOB,
  PAYMENTS_JOB_EVERY_MS,
} from './modules/payments/service';
import { createCustomerActionService } from './modules/customers/actions-service';
import { isCorporateHealth } from './modules/customers/corporate-health';
import { createCustomerService } from './modules/customers/service';
import { createFileService } from './modules/files/service';
import { createFlagService } from './modules/flags/service';
import { createFormService } from './modules/forms/service';
import { UPLOAD_CLEANUP_EVERY_MS, UPLOAD_CLEANUP_JOB } from './modules/forms/upload-cleanup';
import { createIdVerificationService } from './modules/forms/id-verification';
import { createLabService } from './modules/labs/service';
import { createWeightService } from './modules/weight/service';
import { createMessageService } from './modules/messages/service';
import { createNotificationService } from './modules/notifications/service';
import { createPreferenceService } from './modules/preferences/service';
import { createPrescriptionService } from './modules/prescriptions/service';
import { createReferralService } from './modules/referrals/service';
import { createSduiService } from './modules/sdui/service';
import { StaffAuth } from './modules/staff/auth';
import { StaffSecondFactor } from './identity/staff-second-factor';
import { ProviderHoursService } from './modules/appointments/provider-hours';
import { StaffService } from './modules/staff/service';
import { createQueueService } from './modules/staff/queue-service';
import { systemClock, type Clock } from './platform/clock';
import { RATE_LIMIT_REDIS_NAME } from './platform/http-plugins';
import { JobScheduler } from './platform/jobs/scheduler';
import { closeEmitter, topics, type SessionsRevokedEvent } from './platform/pubsub';
import { createMarketingService } from './modules/preferences/marketing';
import { AccountIdentity } from './identity/account';
import { createAccountService } from './modules/customers/account-service';
import { UrlSigner } from './platform/signed-urls';

/** ioredis loads only when REDIS_URL is set (issue 46: platform/lazy-package.ts). */
const redisClient = lazyPackage<typeof IORedis>('ioredis');
export type { Platform, Services };

/** Prescriptions that are an order on its way (spec 02 §6, SA103): written, not yet delivered. */
const PRESCRIPTIONS_IN_PROGRESS = new Set(['received', 'inProgress', 'shipped']);

export interface Composition {
  services: Services;
  platform: Platform;
  keys: SigningKeys;
  tokens: TokenService;
  identity: IdentityService;
  /** The account page's identity operations (email change, password change, deletion). */
  accountIdentity: AccountIdentity;
  staff: { auth: StaffAuth; service: StaffService };
  /** "Sign in with Google", when GOOGLE_OIDC_ISSUER is set (its routes are registered then). */
  google: GoogleSignIn | undefined;
  /** Recurring jobs (renewals, reminders, bulk charges); app.ts starts them once ready. */
  jobs: JobScheduler;
  /** This instance's subscription sockets by session: closed when a session ends anywhere. */
  sessionSockets: SessionSockets;
  /** Where rate limits are counted across instances, when REDIS_URL is set. */
  redis: Redis | undefined;
  /** Closes what the composition opened: jobs, emitter, the audit batch, Redis; in that order. */
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
 * The composition root: the one place that builds the platform (compose-platform.ts), identity,
 * rate limits, the staff API, every module, the jobs and the live updates' sockets, each from
 * explicit dependencies (a module builds its own store); `buildApp` (app.ts) registers the HTTP
 * side on top. Routes receive services, never the database.
 */
export async function compose(options: CompositionOptions): Promise<Composition> {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;

  // The argon2 queue is per process, as libuv's pool is (identity/secrets.ts).
  useThreadPoolSize(config.threadPoolSize);
  const keys = options.keys ?? (await loadSigningKeys(config.dataDir, config.jwtPrivateKey));
  const tokens = new TokenService(keys, config.publicUrl, clock);
  const platform = await buildPlatform({ config, db, clock, keys });
  const { audit, events, uow, mailer, texts, files, gateway } = platform;

  // One connection counts every limit (identity and the global one) across instances.
  const redis = config.redisUrl
    ? new (redisClient().Redis)(config.redisUrl, {
        maxRetriesPerRequest: 2,
        connectionName: RATE_LIMIT_REDIS_NAME,
      })
    : undefined;
  const limiter =
    options.identityLimiter ??
    new IdentityRateLimiter(scaledRateRules(config.authRateLimitMultiplier), redis);
  // Each area builds its own store inside its module; the root hands over only what it needs.
  const customers = createCustomerService({ db, audit });
  const identityStore = new IdentityStore(db);
  const identity = new IdentityService({
    store: identityStore,
    // A login's customer record is the customers module's (identity sits below the modules).
    customers,
    tokens,
    mailer,
    limiter,
    audit,
    uow,
    clock,
    tenantId: config.tenantId,
    publicUrl: config.publicUrl,
    db,
    secondFactorKey: await derivedSecret(keys, 'portal patient totp secrets'),
    trustedDeviceKey: await derivedSecret(keys, 'portal trusted device cookies'),
    passkeys: config.passkeys,
    // A sign-up moves the referral of that email on (spec 02 §4); in the sign-up's transaction.
    onCustomerSignedUp: (customer, work) =>
      referrals.refereeSignedUp(customer.customerId, customer.email, work),
    // Ended sessions close their sockets on every instance (the live updates' pub/sub).
    onSessionsRevoked: (sessionIds) => events.sessionsRevoked(sessionIds),
  });
  const customerActions = createCustomerActionService({ db, audit, clock });
  const flags = createFlagService({ db, uow });
  const notifications = createNotificationService({ db, uow, audit, clock, events, customers });
  const messages = createMessageService({ db, uow, audit, clock, events, notifications });
  const sdui = createSduiService({ db, uow });
  // Issue 43: booking, reschedule and cancellation mails carry the visit's calendar file.
  const calendarMail = new CalendarMail({
    db,
    customers,
    mailer,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    logger: platform.logger,
    userLocale: async (userId) => (await identityStore.findUserById(userId))?.locale,
  });
  const appointments = createAppointmentService({
    db,
    customers,
    uow,
    audit,
    clock,
    calendar: calendarMail,
  });
  const visitCancellation = new VisitCancellation({
    db,
    uow,
    clock,
    calendar: calendarMail,
    slotFreed: (slot) => appointments.booking.slotFreed(slot),
  });
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
  const fileService = createFileService({ db, files, signer, uow, audit, clock });
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
  const weight = createWeightService({
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
    events,
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
    customers,
    mailer,
    limiter,
    uow,
    clock,
    {
      emailChanged: (customerId, email, work) => account.setEmail(customerId, email, work),
      passwordChanged: async (userId, meta, work) => {
        await identity.trustedDevices.revokeAll(userId, 'password-changed', meta, work.tx);
      },
      // Billing's part (issue 45): what is still owed is charged first, then the plans end
      // and the cards are removed with the record, and the processor forgets them after.
      beforeAccountDeleted: async (customerId, actor) => {
        await billing.accountDeletion.settle(customerId, actor);
      },
      accountDeleted: async (customerId, work) => {
        await account.eraseForDeletion(customerId, work);
        await preferences.eraseFor(customerId, work);
        await billing.accountDeletion.end(customerId, work);
      },
      afterAccountDeleted: async (customerId) => {
        await billing.sources.detachRetired(customerId);
      },
      sessionsRevoked: (sessionIds) => {
        // This instance stops trusting them at once; the event tells the others.
        identity.sessions.forgetSessions(sessionIds);
        return events.sessionsRevoked(sessionIds);
      },
    },
    config.tenantId,
  );
  // The money (issue 39): one ledger and engine; billing and bulk register their purposes.
  const payments = createPaymentsService({
    db,
    uow,
    audit,
    clock,
    gateway,
    mailer,
    logger: platform.logger,
    customers,
    urlSigner: signer,
    publicUrl: config.publicUrl,
    pdf: { provider: config.billing.provider },
    // The crash drill of the exactly-once tests: exit as a killed process would, mid-payment.
    afterGatewayCharge: config.billing.crashAfterCharge ? () => process.exit(70) : undefined,
  });
  const billing = createBillingService({
    db,
    customers,
    uow,
    audit,
    clock,
    gateway,
    events,
    quoteSecret: config.billing.quoteSecret
      ? Buffer.from(config.billing.quoteSecret)
      : await derivedSecret(keys, 'portal billing quotes'),
    payments,
    notifications,
    credits: referrals.credits,
    logger: platform.logger,
    corporateHealth: async (customerId) =>
      isCorporateHealth(
        (await customers.tagNames(customerId)).map((name) => ({ name })),
        await flags.flagsFor(customerId),
      ),
  });
  // Issue 44: the referee's first paid invoice grants the referrer's credit (spec 02 §4), in the
  // paying transaction; the referral's status makes it once only (the staff route shares it).
  payments.invoices.onPaid(async (work, invoice) => {
    const row = await referrals.completeReferralFor(invoice.customerId, work);
    if (row) await events.customerChanged(row.referrerCustomerId, 'referrals');
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
    weight,
    prescriptions,
  });
  const idVerification = createIdVerificationService({
    db,
    uow,
    clock,
    files: fileService,
    appointments,
    notifications,
    events,
  });
  const bulk = createBulkService({
    db,
    uow,
    audit,
    clock,
    events,
    payments,
    customers,
    customerActions,
    appointments,
    notifications,
    billing,
    flags,
    publicUrl: config.publicUrl,
  });

  const staff = {
    auth: new StaffAuth({
      users: identityStore,
      identity: identity.staff,
      tokens,
      audit,
      secondFactor: new StaffSecondFactor({
        db,
        clock,
        tokens,
        encryptionKey: await derivedSecret(keys, 'portal staff totp secrets'),
      }),
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
      weight,
      forms,
      idVerification,
      bulk,
      billing,
      queue: createQueueService({ db, audit, clock, events }),
      providerHours: new ProviderHoursService(db, clock),
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

  const google =
    config.google &&
    createGoogleSignIn({
      db,
      users: identityStore,
      secondFactor: identity.secondFactor,
      sessions: identity.sessions,
      customers,
      audit,
      clock,
      options: {
        ...config.google,
        publicUrl: config.publicUrl,
        tenantId: config.tenantId,
        allowHttp: !config.isProduction,
        // The referee's referral moves on as a password sign-up moves it (spec 02 §4).
        onCustomerLinked: ({ customerId, email }, meta) =>
          uow.run({ type: 'customer', id: customerId, ...meta }, (work) =>
            referrals.refereeSignedUp(customerId, email, work),
          ),
      },
    });

  // The jobs run on the server's clock; app.ts starts them when JOBS_ENABLED (tests turn it off
  // and run them by hand) and close() stops them. See docs/architecture.md.
  const jobs = new JobScheduler(db, clock, platform.logger);
  const renewals = () => billing.runJob();
  jobs.register({ name: RENEWALS_JOB, everyMs: RENEWALS_EVERY_MS, run: renewals });
  // The weight tracker reminder (issue 13): weekly at most per customer, checked hourly.
  const reminders = () => weight.reminders.run();
  jobs.register({ name: WEIGHT_REMINDER_JOB, everyMs: WEIGHT_REMINDER_EVERY_MS, run: reminders });
  // Customer uploads nothing uses, a day after they came (issue 45).
  jobs.register({
    name: UPLOAD_CLEANUP_JOB,
    everyMs: UPLOAD_CLEANUP_EVERY_MS,
    run: () => forms.removeUnattachedUploads(),
  });
  // Charges and refunds whose outcome is unknown, and paid charges not applied yet (issue 39).
  jobs.register({
    name: PAYMENTS_JOB,
    everyMs: PAYMENTS_JOB_EVERY_MS,
    run: () => payments.reconcile(),
  });

  // A revocation published on any instance (sign-out, reset, password change, deletion…)
  // closes that session's sockets on this one, after the session check forgets it, so the
  // next request on it is refused too.
  const sessionSockets = new SessionSockets(clock);
  platform.emitter.on(topics.sessionsRevoked, (message, done) => {
    const { sessionIds } = message.payload as SessionsRevokedEvent;
    identity.sessions.forgetSessions(sessionIds);
    sessionSockets.closeSessions(sessionIds);
    done();
  });

  return {
    services: {
      customers,
      customerActions,
      flags,
      notifications,
      messages,
      sdui,
      appointments,
      calendarMail,
      visitCancellation,
      preferences,
      account,
      prescriptions,
      labs,
      files: fileService,
      referrals,
      weight,
      billing,
      payments,
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
    google,
    jobs,
    sessionSockets,
    redis,
    close: async () => {
      // Jobs first (a running one may still audit and publish), the audit batch before Redis.
      await jobs.stop();
      await closeEmitter(platform.emitter);
      await audit.close();
      await redis?.quit();
    },
  };
}

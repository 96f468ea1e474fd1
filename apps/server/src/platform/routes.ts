import { clientErrorReportSchema } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { OutboxMailer } from './mail';
import { isLoopbackAddress } from './http-plugins';
import type { Readiness } from './lifecycle';
import type { OutboxTextSender } from './sms';
import { renderMailbox } from './mailbox-page';

interface Deps {
  config: Config;
  outbox: OutboxMailer | null;
  smsOutbox?: OutboxTextSender;
  database: Database;
  /** The flag table's defaults, for signed-out visitors (the flags module's visitorFlags). */
  visitorFlags: () => Promise<Record<string, boolean>>;
  /** What /readyz reports (platform/lifecycle.ts). */
  readiness: () => Promise<Readiness>;
}

/** Health, version, public config, client error reports, and the dev mailbox. */
export function platformRoutes(
  app: FastifyInstance,
  { config, outbox, smsOutbox, database, visitorFlags, readiness }: Deps,
): void {
  const hidden = { schema: { hide: true } };

  // Liveness: the process answers (an orchestrator restarts it when this fails). It touches
  // nothing else, so a database outage does not restart every instance at once.
  app.get('/livez', hidden, (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  // Readiness: send traffic here. 503 while the database, Redis or the migrations are not
  // there, and from the first moment of a drain (SIGTERM). The answer names the failing
  // checks; their reasons (addresses, driver messages) go to the log, not to the caller.
  app.get('/readyz', hidden, async (request, reply) => {
    const { ready, checks } = await readiness();
    const failing = Object.entries(checks).filter(([, result]) => result !== 'ok');
    if (failing.length > 0) request.log.warn({ checks: Object.fromEntries(failing) }, 'not ready');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'unavailable',
        checks: Object.fromEntries(
          Object.entries(checks).map(([name, result]) => [
            name,
            result === 'ok' ? 'ok' : 'failing',
          ]),
        ),
      });
  });

  app.get('/healthz', hidden, async (_req, reply) => {
    await database.db.execute('select 1');
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/version.json', hidden, (_req, reply) =>
    reply.header('cache-control', 'no-store, max-age=0').send({ version: config.version }),
  );

  // Public: what the web app needs before anyone signs in.
  app.get('/config.json', hidden, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({
      tenantId: config.tenantId,
      version: config.version,
      googleSignIn: config.google !== undefined,
      chatWidgetUrl: config.chatWidgetUrl ?? null,
      supportUrl: config.supportUrl ?? null,
      // The provider's external pages (LINK_*_URL) and the care team's phone (issue 44).
      links: config.links,
      careTeamPhone: config.careTeamPhone ?? null,
      // A browser key, public by design (restricted by referrer at the maps provider).
      mapsApiKey: config.mapsApiKey ?? null,
      // The processor the card forms talk to, and Stripe's publishable key (public by design).
      payments: {
        provider: config.billing.payments.provider,
        publishableKey:
          config.billing.payments.provider === 'stripe'
            ? config.billing.payments.publishableKey
            : null,
      },
      flags: await visitorFlags(),
    }),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/client-errors',
    {
      // The schema clips each field and never refuses a report.
      schema: { hide: true, body: clientErrorReportSchema },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    (request, reply) => {
      request.log.warn({ client: request.body }, 'web app error report');
      return reply.status(204).send();
    },
  );

  if (!config.isProduction && outbox) {
    // The outbox holds sign-in and reset links: only the machine itself may read it, whatever
    // NODE_ENV says and whatever a proxy header claims (the socket's address decides).
    const dev = {
      schema: { hide: true },
      onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        if (isLoopbackAddress(request.raw.socket.remoteAddress)) return done();
        void reply
          .status(404)
          .header('cache-control', 'no-store')
          .send({ error: { code: 'not-found', message: 'Not found.' } });
      },
    };
    app.get('/dev/mailbox.json', dev, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send(await outbox.list()),
    );
    if (smsOutbox) {
      app.get('/dev/sms.json', dev, async (_req, reply) =>
        reply.header('cache-control', 'no-store').send(await smsOutbox.list()),
      );
    }
    // Issue 43: a mail's attachment (the .ics of an appointment mail), as the mail carried it.
    app.get<{ Params: { id: string; index: string } }>(
      '/dev/mailbox/:id/attachments/:index',
      dev,
      async (request, reply) => {
        const { id, index } = request.params;
        const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
        const file =
          uuid.test(id) && /^\d{1,3}$/.test(index)
            ? await outbox.attachment(id, Number(index))
            : null;
        reply.header('cache-control', 'no-store');
        if (!file) {
          return reply.status(404).send({ error: { code: 'not-found', message: 'Not found.' } });
        }
        const name = file.filename.replace(/[^\w.-]/g, '_');
        return reply
          .header('content-disposition', `attachment; filename="${name}"`)
          .type(file.contentType)
          .send(file.content);
      },
    );
    app.get('/dev/mailbox', dev, async (_req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailbox(await outbox.list())),
    );
  }
}

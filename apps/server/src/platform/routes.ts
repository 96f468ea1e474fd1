import { clientErrorReportSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { OutboxMailer } from './mail';
import { renderMailbox } from './mailbox-page';

interface Deps {
  config: Config;
  outbox: OutboxMailer | null;
  database: Database;
  /** The flag table's defaults, for signed-out visitors (the flags module's visitorFlags). */
  visitorFlags: () => Promise<Record<string, boolean>>;
}

/** Health, version, public config, client error reports, and the dev mailbox. */
export function platformRoutes(
  app: FastifyInstance,
  { config, outbox, database, visitorFlags }: Deps,
): void {
  const hidden = { schema: { hide: true } };

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
    app.get('/dev/mailbox.json', hidden, async (_req, reply) =>
      reply.header('cache-control', 'no-store').send(await outbox.list()),
    );
    app.get('/dev/mailbox', hidden, async (_req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailbox(await outbox.list())),
    );
  }
}

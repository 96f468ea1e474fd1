import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SigningKeys } from '../identity/keys';
import type { OutboxMailer } from './mail';
import { renderMailbox } from './mailbox-page';

interface Deps {
  config: Config;
  keys: SigningKeys;
  outbox: OutboxMailer | null;
  database: Database;
}

/** Health, version, public config, JWKS, client error reports, and the dev mailbox. */
export function platformRoutes(
  app: FastifyInstance,
  { config, keys, outbox, database }: Deps,
): void {
  const hidden = { schema: { hide: true } };

  app.get('/healthz', hidden, async (_req, reply) => {
    await database.db.execute('select 1');
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/version.json', hidden, (_req, reply) =>
    reply.header('cache-control', 'no-store, max-age=0').send({ version: config.version }),
  );

  app.get('/config.json', hidden, (_req, reply) =>
    reply.header('cache-control', 'no-store').send({
      tenantId: config.tenantId,
      version: config.version,
      googleSignIn: config.google !== undefined,
      chatWidgetUrl: null,
      supportUrl: null,
    }),
  );

  app.get('/.well-known/jwks.json', hidden, (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [keys.jwk] }),
  );

  app.post<{ Body: { message?: unknown; code?: unknown; stack?: unknown; url?: unknown } }>(
    '/client-errors',
    {
      schema: { hide: true },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    (request, reply) => {
      const body = request.body ?? {};
      const clip = (value: unknown, max: number) =>
        typeof value === 'string' ? value.slice(0, max) : undefined;
      request.log.warn(
        {
          client: {
            message: clip(body.message, 500),
            code: clip(body.code, 20),
            stack: clip(body.stack, 2000),
            url: clip(body.url, 300)?.split('?')[0],
          },
        },
        'web app error report',
      );
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

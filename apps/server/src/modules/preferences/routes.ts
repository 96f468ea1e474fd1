import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNSUBSCRIBE_PATH, type PreferenceService } from './service';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the
 * signed link in List-Unsubscribe; a person who opens the link gets a page with one button that
 * does the same POST (a GET never changes anything, so link scanners cannot unsubscribe anyone).
 */
export function unsubscribeRoutes(app: FastifyInstance, preferences: PreferenceService): void {
  const route = `${UNSUBSCRIBE_PATH}/:category/:channel`;
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';
  const hidden = { schema: { hide: true } };

  app.get(route, hidden, (request, reply) => {
    const action = request.url.replace(/"/g, '&quot;');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Unsubscribe',
          `<p>Stop receiving these emails?</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
  });

  app.post(route, hidden, async (request, reply) => {
    const done = await preferences.unsubscribe(
      pathOf(request),
      request.query as Record<string, unknown>,
      { ip: request.ip, requestId: request.id },
    );
    if (!done) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page('Link not valid', '<p>This unsubscribe link is not valid or has expired.</p>'));
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page('Unsubscribed', '<p>You will no longer receive these emails.</p>'));
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatCents } from '@portal/domain';
import { CHECKOUT_PATH, type SandboxCheckout } from './checkout';

/*
 * The sandbox gateway's hosted pay-later page, served as an outside checkout would be:
 *
 *   GET  /gateway/sandbox/checkout/:id       the page: amount, what it pays for, a button
 *   POST /gateway/sandbox/checkout/:id/pay   completes it once (the signed webhook goes to
 *                                            the merchant), then 303 to the return url
 * An unknown checkout answers 404. The page is plain HTML with no script.
 */

const params = z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_-]{8,64}$/) });

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1c1c1c}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:24px}
button{font-size:1rem;padding:12px 20px;border:0;border-radius:8px;background:#1a4fa0;color:#fff;width:100%}
</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxCheckoutRoutes(
  app: FastifyInstance,
  options: { checkout: SandboxCheckout },
  done: () => void,
) {
  app.get(`${CHECKOUT_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const row = parsed.success ? await options.checkout.find(parsed.data.id) : undefined;
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!row)
      return reply.status(404).send(page('Checkout not found', '<h1>Checkout not found</h1>'));
    const amount = escape(formatCents(row.amount));
    const body =
      row.status === 'paid'
        ? `<h1>Sandbox pay later</h1><p>This checkout is complete.</p><p><a href="${escape(row.returnUrl)}">Back to the merchant</a></p>`
        : `<h1>Sandbox pay later</h1><p>${escape(row.description)}</p>
<p>Total <strong>${amount}</strong>, paid in 4 instalments.</p>
<form method="post" action="${CHECKOUT_PATH}/${escape(row.id)}/pay"><button type="submit">Agree and pay later</button></form>`;
    return reply.send(page('Sandbox pay later', body));
  });

  app.post(`${CHECKOUT_PATH}/:id/pay`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const row = parsed.success ? await options.checkout.complete(parsed.data.id) : undefined;
    if (!row)
      return reply.status(404).send({ error: { code: 'not-found', message: 'Not found.' } });
    return reply.redirect(row.returnUrl, 303);
  });
  done();
}

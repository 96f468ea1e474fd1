import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatCents } from '@portal/domain';
import { cspNonce } from '../http-plugins';
import { CHECKOUT_PATH, type CheckoutRow, type SandboxCheckout } from './checkout';
import { escapeHtml, sandboxPage } from './sandbox-page';

/*
 * The sandbox gateway's hosted pay-later page, served as an outside checkout would be:
 *
 *   GET  /gateway/sandbox/checkout/:id       the page: amount, what it pays for, a button, and
 *                                            a link back to the merchant's cancel URL
 *   POST /gateway/sandbox/checkout/:id/pay   completes it once (the signed webhook goes to
 *                                            the merchant), then 303 to the success URL
 * An unknown checkout answers 404. The page is plain HTML with no script. The success and
 * cancel URLs were given by our own server when it opened the checkout, never by a browser.
 */

const params = z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_-]{8,64}$/) });

function checkoutBody(row: CheckoutRow): string {
  if (row.status === 'paid') {
    return `<h1>Sandbox pay later</h1><p>This checkout is complete.</p><p><a href="${escapeHtml(row.returnUrl)}">Back to the merchant</a></p>`;
  }
  const cancel = row.cancelUrl
    ? `<p class="note"><a href="${escapeHtml(row.cancelUrl)}">Cancel and go back</a></p>`
    : '';
  return `<h1>Sandbox pay later</h1><p>${escapeHtml(row.description)}</p>
<p>Total <strong>${escapeHtml(formatCents(row.amount))}</strong>, paid in 4 instalments.</p>
<form method="post" action="${CHECKOUT_PATH}/${escapeHtml(row.id)}/pay"><button type="submit">Agree and pay later</button></form>
${cancel}`;
}

export function sandboxCheckoutRoutes(
  app: FastifyInstance,
  options: { checkout: SandboxCheckout },
  done: () => void,
) {
  app.get(`${CHECKOUT_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const row = parsed.success ? await options.checkout.find(parsed.data.id) : undefined;
    const nonce = cspNonce(reply.raw);
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!row) {
      const body = '<h1>Checkout not found</h1>';
      return reply.status(404).send(sandboxPage('Checkout not found', body, nonce));
    }
    return reply.send(sandboxPage('Sandbox pay later', checkoutBody(row), nonce));
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

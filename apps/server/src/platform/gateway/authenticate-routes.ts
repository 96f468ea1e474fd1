import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatCents } from '@portal/domain';
import { cspNonce } from '../http-plugins';
import { AUTHENTICATE_PATH, WebhookDeliveryFailed, type SandboxGateway } from './sandbox';
import { escapeHtml, safeReturnPath, sandboxPage } from './sandbox-page';

/*
 * The sandbox's 3-D Secure challenge, the bank's page a real processor would show (issue 39):
 *
 *   GET  /gateway/sandbox/authenticate/:chargeId?return=<path>   amount, description, two buttons
 *   POST /gateway/sandbox/authenticate/:chargeId/complete?return=<path>
 *   POST /gateway/sandbox/authenticate/:chargeId/fail?return=<path>
 *        move a charge waiting for 3-D Secure once, send the signed charge.succeeded or
 *        charge.failed event, then 303 to the return path (`/` unless it is a path on this
 *        origin). A second answer changes nothing and sends nothing.
 * An unknown charge answers 404. The page is plain HTML with no script.
 */

const params = z.object({ chargeId: z.string().regex(/^ch_[A-Za-z0-9_-]{8,64}$/) });
const query = z.object({ return: z.string().optional() }).catch({});

function challengeBody(
  row: { id: string; amount: number; description: string | null; status: string },
  returnPath: string,
): string {
  const back = escapeHtml(returnPath);
  if (row.status !== 'requires_action') {
    const outcome = row.status === 'succeeded' ? 'completed' : 'failed';
    return `<h1>Sandbox 3-D Secure</h1><p>This authentication has ${outcome}.</p>
<p><a href="${back}">Back to the merchant</a></p>`;
  }
  const action = (answer: string) =>
    `${AUTHENTICATE_PATH}/${escapeHtml(row.id)}/${answer}?return=${escapeHtml(encodeURIComponent(returnPath))}`;
  return `<h1>Sandbox 3-D Secure</h1>
<p>Your bank asks you to confirm this payment.</p>
<p>${escapeHtml(row.description ?? 'Payment')}</p>
<p>Total <strong>${escapeHtml(formatCents(row.amount))}</strong></p>
<form method="post" action="${action('complete')}"><button type="submit">Complete authentication</button></form>
<form method="post" action="${action('fail')}"><button type="submit" class="secondary">Fail authentication</button></form>
<p class="note">A test page of the sandbox payment gateway: no bank is asked.</p>`;
}

export function sandboxAuthenticateRoutes(
  app: FastifyInstance,
  options: { gateway: SandboxGateway },
  done: () => void,
) {
  const find = async (raw: unknown) => {
    const parsed = params.safeParse(raw);
    return parsed.success ? options.gateway.chargeById(parsed.data.chargeId) : undefined;
  };

  app.get(`${AUTHENTICATE_PATH}/:chargeId`, { schema: { hide: true } }, async (request, reply) => {
    const row = await find(request.params);
    const nonce = cspNonce(reply.raw);
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!row) {
      const body = '<h1>Authentication not found</h1>';
      return reply.status(404).send(sandboxPage('Authentication not found', body, nonce));
    }
    const returnPath = safeReturnPath(query.parse(request.query).return);
    return reply.send(sandboxPage('Sandbox 3-D Secure', challengeBody(row, returnPath), nonce));
  });

  for (const answer of ['complete', 'fail'] as const) {
    app.post(
      `${AUTHENTICATE_PATH}/:chargeId/${answer}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const row = await find(request.params);
        if (!row) {
          return reply.status(404).send({ error: { code: 'not-found', message: 'Not found.' } });
        }
        try {
          await options.gateway.answerChallenge(row.id, answer === 'complete');
        } catch (error) {
          if (!(error instanceof WebhookDeliveryFailed)) throw error;
          // The answer is recorded; only the webhook failed. The customer still goes back: the
          // merchant's page asks the processor (retrieveCharge) and settles from its answer.
          request.log.error({ err: error, chargeId: row.id }, 'sandbox 3-D Secure event failed');
        }
        return reply.redirect(safeReturnPath(query.parse(request.query).return), 303);
      },
    );
  }
  done();
}

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseForm, route, text } from './stripe-standin-endpoints';
import {
  missing,
  newId,
  StripeStandinState,
  stripeError,
  type Reply,
  type StripeObject,
} from './stripe-standin-state';

// A local stand-in of the Stripe endpoints the adapter (stripe.ts) calls, for its tests and for
// development runs with STRIPE_API_BASE. The real SDK talks to it, so the wire format is the
// SDK's: form-encoded bodies in Stripe's bracket notation, the Idempotency-Key header, and
// Stripe's error JSON. Idempotency behaves as Stripe documents it: a key replays the stored
// answer (a 402 decline too), and the same key with other parameters is an idempotency_error.
// Nothing here is Stripe itself: test cards are chosen by last 4 in `state`.

export interface StripeStandin {
  url: string;
  host: string;
  port: number;
  state: StripeStandinState;
  /** Resolves once every event so far has been delivered to the webhook (when delivery is on). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface StripeStandinOptions {
  /** Deliver each event, signed as Stripe signs, to this endpoint (development runs). */
  webhook?: { url: string; secret: string };
}

/** Signs an event as Stripe does, for a test to post to the webhook route. */
export function signedEvent(
  event: StripeObject,
  secret: string,
  timestampSeconds: number,
): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: timestampSeconds,
  });
  return { payload, header };
}

/** Stripe keeps an answer per key and compares the parameters of a repeat with the first. */
interface StoredAnswer {
  fingerprint: string;
  status: number;
  json: string;
}

function canonical(method: string, path: string, encoded: string): string {
  const pairs = [...new URLSearchParams(encoded)].map(([k, v]) => `${k}=${v}`).sort();
  return `${method} ${path}?${pairs.join('&')}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, json: string, replayed = false): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    ...(replayed && { 'idempotent-replayed': 'true' }),
  });
  res.end(json);
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** A bare hosted checkout page, so a development run can pay a pay-later checkout by hand. */
function checkoutPage(state: StripeStandinState, method: string, path: string): Reply | string {
  const [, , , id, action] = path.split('/');
  const session = state.checkoutSessions.get(id ?? '');
  if (!session) return missing('checkout.session', id ?? '');
  if (method === 'POST' && session.status === 'open') {
    if (action === 'cancel') return text(session.cancel_url) ?? '/';
    state.payCheckout(session.id);
    return (text(session.success_url) ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id);
  }
  const amount = (Number(session.amount_total) / 100).toFixed(2);
  const html =
    `<!doctype html><title>Stripe stand-in checkout</title><h1>Pay $${amount}</h1>` +
    `<p>${escapeHtml(String(session.payment_status))}</p>` +
    `<form method="post"><button>Pay</button></form>` +
    `<form method="post" action="/c/pay/${escapeHtml(session.id)}/cancel"><button>Cancel</button></form>`;
  return { status: 200, body: html };
}

export async function startStripeStandin(
  options: StripeStandinOptions = {},
): Promise<StripeStandin> {
  const answers = new Map<string, StoredAnswer>();
  const live = new StripeStandinState();
  let deliveries = Promise.resolve();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', live.baseUrl);
    const path = url.pathname;
    if (path.startsWith('/c/pay/')) {
      const page = checkoutPage(live, method, path);
      if (typeof page === 'string') {
        res.writeHead(303, { location: page }).end();
      } else if (typeof page.body === 'string') {
        res.writeHead(page.status, { 'content-type': 'text/html' }).end(page.body);
      } else {
        send(res, page.status, JSON.stringify(page.body));
      }
      return;
    }
    const encoded = method === 'GET' ? url.search.slice(1) : body;
    const params = parseForm(encoded);
    const key = text(req.headers['idempotency-key']);
    live.requests.push({ method, path, idempotencyKey: key, params });
    if (!/^Bearer (sk|rk)_test_/.test(req.headers.authorization ?? '')) {
      send(
        res,
        401,
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        }),
      );
      return;
    }
    let answer: StoredAnswer;
    let replayed = false;
    const stored = key && method === 'POST' ? answers.get(key) : undefined;
    const fingerprint = canonical(method, path, encoded);
    if (stored && stored.fingerprint === fingerprint) {
      answer = stored;
      replayed = true;
    } else if (stored) {
      const refused = stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
      });
      answer = { fingerprint, status: refused.status, json: JSON.stringify(refused.body) };
    } else {
      const reply = route(live, method, path, params);
      // Serialised now: a replay is the first answer as it was, whatever changed since.
      answer = { fingerprint, status: reply.status, json: JSON.stringify(reply.body) };
      // Stripe saves an answer once the endpoint has run (a success or a card decline), not
      // when the parameters were refused before it started.
      if (key && method === 'POST' && (reply.status < 300 || reply.status === 402)) {
        answers.set(key, answer);
      }
    }
    const lost = live.loseResponses.findIndex((prefix) => path.startsWith(prefix));
    if (lost >= 0) {
      live.loseResponses.splice(lost, 1);
      send(
        res,
        500,
        JSON.stringify({
          error: { type: 'api_error', message: 'The stand-in lost this response on purpose.' },
        }),
      );
      return;
    }
    send(res, answer.status, answer.json, replayed);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  const host = '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${String(port)}`;
  live.baseUrl = url;
  const webhook = options.webhook;
  if (webhook) {
    // One at a time, in order, like a patient Stripe; each outcome is kept for the test to read.
    live.onEvent = (event) => {
      deliveries = deliveries.then(async () => {
        const { payload, header } = signedEvent(
          event,
          webhook.secret,
          Math.floor(Date.now() / 1000),
        );
        try {
          const response = await fetch(webhook.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            body: payload,
          });
          live.webhookDeliveries.push({ eventId: event.id, status: response.status });
        } catch (error) {
          live.webhookDeliveries.push({ eventId: event.id, status: String(error) });
        }
      });
    };
  }
  return {
    url,
    host,
    port,
    state: live,
    flush: () => deliveries,
    async close() {
      await deliveries;
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

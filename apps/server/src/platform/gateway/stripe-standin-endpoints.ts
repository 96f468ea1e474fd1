import {
  missing,
  newId,
  stripeError,
  type Reply,
  type StripeObject,
  type StripeStandinState,
} from './stripe-standin-state';

// The stand-in's endpoints (stripe-standin.ts serves them): exactly the ones the adapter calls,
// each answering Stripe-shaped JSON or Stripe's error for what the adapter could get wrong.

export type Params = Record<string, unknown>;

/** `a[b][0][c]=x` → { a: { b: [{ c: 'x' }] } }, as Stripe reads the SDK's encoding. */
export function parseForm(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? (value as Record<string, string>) : {};

function invalid(message: string, param?: string): Reply {
  return stripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param && { param }),
  });
}

type Handler = (state: StripeStandinState, params: Params, id: string) => Reply;

/**
 * The endpoints the adapter calls, and the two the smoke script adds (attaching Stripe's test
 * card tokens, deleting its customer); anything else is Stripe's 404.
 */
const ROUTES: [method: string, path: RegExp, handler: Handler][] = [
  ['POST', /^\/v1\/customers$/, createCustomer],
  ['DELETE', /^\/v1\/customers\/([^/]+)$/, deleteCustomer],
  ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, attachPaymentMethod],
  ['POST', /^\/v1\/setup_intents$/, createSetupIntent],
  ['GET', /^\/v1\/setup_intents\/([^/]+)$/, retrieveSetupIntent],
  ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, detachPaymentMethod],
  ['POST', /^\/v1\/payment_intents$/, createPaymentIntent],
  ['GET', /^\/v1\/payment_intents\/search$/, searchPaymentIntents],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, retrievePaymentIntent],
  ['POST', /^\/v1\/refunds$/, createRefund],
  ['POST', /^\/v1\/checkout\/sessions$/, createCheckoutSession],
];

export function route(
  state: StripeStandinState,
  method: string,
  path: string,
  params: Params,
): Reply {
  for (const [routeMethod, pattern, handler] of ROUTES) {
    const match = pattern.exec(path);
    if (routeMethod === method && match) return handler(state, params, match[1] ?? '');
  }
  return stripeError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}

function createCustomer(state: StripeStandinState, params: Params): Reply {
  const customer: StripeObject = {
    id: newId('cus'),
    object: 'customer',
    email: text(params.email),
    metadata: record(params.metadata),
  };
  state.customers.set(customer.id, customer);
  return { status: 200, body: customer };
}

function deleteCustomer(state: StripeStandinState, _params: Params, id: string): Reply {
  if (!state.customers.delete(id)) return missing('customer', id);
  for (const method of state.paymentMethods.values()) {
    if (method.customer === id) method.customer = null;
  }
  return { status: 200, body: { id, object: 'customer', deleted: true } };
}

/** Stripe's test tokens (pm_card_visa …) as the stand-in's test cards. */
const TEST_TOKENS: Readonly<Record<string, { last4: string; brand: string }>> = {
  pm_card_visa: { last4: '4242', brand: 'visa' },
  pm_card_mastercard: { last4: '4444', brand: 'mastercard' },
  pm_card_chargeDeclined: { last4: '0002', brand: 'visa' },
  pm_card_chargeDeclinedInsufficientFunds: { last4: '9995', brand: 'visa' },
  pm_card_authenticationRequired: { last4: '3184', brand: 'visa' },
};

function attachPaymentMethod(state: StripeStandinState, params: Params, id: string): Reply {
  const customer = text(params.customer) ?? '';
  if (!state.customers.has(customer)) return missing('customer', customer, 'customer');
  const token = TEST_TOKENS[id];
  // Attaching a test token makes a new payment method, as Stripe does.
  if (token) return { status: 200, body: state.addPaymentMethod({ customer, ...token }) };
  const method = state.paymentMethods.get(id);
  if (!method) return missing('payment_method', id);
  method.customer = customer;
  return { status: 200, body: method };
}

function createSetupIntent(state: StripeStandinState, params: Params): Reply {
  const customer = text(params.customer);
  if (customer && !state.customers.has(customer)) return missing('customer', customer, 'customer');
  const id = newId('seti');
  const intent: StripeObject = {
    id,
    object: 'setup_intent',
    customer,
    usage: text(params.usage) ?? 'off_session',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${newId('s').slice(2)}`,
    payment_method: null,
    last_setup_error: null,
  };
  state.setupIntents.set(id, intent);
  return { status: 200, body: intent };
}

function retrieveSetupIntent(state: StripeStandinState, params: Params, id: string): Reply {
  const intent = state.setupIntents.get(id);
  if (!intent) return missing('setup_intent', id);
  const methodId = text(intent.payment_method);
  const expand = Array.isArray(params.expand) && params.expand.includes('payment_method');
  return {
    status: 200,
    body:
      expand && methodId
        ? { ...intent, payment_method: state.paymentMethods.get(methodId) ?? null }
        : intent,
  };
}

function detachPaymentMethod(state: StripeStandinState, _params: Params, id: string): Reply {
  const method = state.paymentMethods.get(id);
  if (!method) return missing('payment_method', id);
  if (!method.customer) {
    return invalid('The payment method you provided is not attached to a customer.');
  }
  method.customer = null;
  return { status: 200, body: method };
}

function retrievePaymentIntent(state: StripeStandinState, _params: Params, id: string): Reply {
  const intent = state.paymentIntents.get(id);
  return intent ? { status: 200, body: state.view(intent) } : missing('payment_intent', id);
}

function createPaymentIntent(state: StripeStandinState, params: Params): Reply {
  const amount = Number(params.amount);
  if (!Number.isInteger(amount) || amount < 50) {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'amount_too_small',
      param: 'amount',
      message: 'Amount must be at least $0.50 usd',
    });
  }
  const methodId = text(params.payment_method);
  if (!methodId) return invalid('This stand-in only confirms with a saved payment_method.');
  const method = state.paymentMethods.get(methodId);
  if (!method) return missing('PaymentMethod', methodId, 'payment_method');
  const customer = text(params.customer);
  if (method.customer !== customer) {
    // Stripe refuses a saved card without its customer, or with another one.
    return invalid(
      `The provided PaymentMethod ${methodId} belongs to a different Customer or none.`,
      'payment_method',
    );
  }
  if (params.confirm !== 'true') return invalid('This stand-in only creates with confirm=true.');
  const intent = state.newPaymentIntent({
    amount,
    currency: text(params.currency) ?? 'usd',
    customer,
    payment_method: methodId,
    description: text(params.description),
    metadata: record(params.metadata),
  });
  state.emit('payment_intent.created', intent);
  return state.confirm(intent, params.off_session === 'true');
}

function searchPaymentIntents(state: StripeStandinState, params: Params): Reply {
  // The one query form the adapter sends: metadata['<field>']:'<value>'.
  const query = /^metadata\['([^']+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(text(params.query) ?? '');
  if (!query?.[1] || query[2] === undefined) {
    return invalid('This stand-in supports only metadata[...] equality queries.', 'query');
  }
  const field = query[1];
  const value = query[2].replace(/\\(.)/g, '$1');
  const data = [...state.paymentIntents.values()]
    .filter((intent) => record(intent.metadata)[field] === value)
    .map((intent) => state.view(intent));
  const limit = Number(params.limit ?? 10);
  return {
    status: 200,
    body: {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      has_more: data.length > limit,
      next_page: null,
      data: data.slice(0, limit),
    },
  };
}

function createRefund(state: StripeStandinState, params: Params): Reply {
  const intentId = text(params.payment_intent) ?? '';
  const intent = state.paymentIntents.get(intentId);
  if (!intent) return missing('payment_intent', intentId, 'payment_intent');
  if (intent.status !== 'succeeded') {
    return invalid(`PaymentIntent ${intentId} does not have a successful charge to refund.`);
  }
  const refundable = (intent.amount_received as number) - (intent._refunded as number);
  if (refundable <= 0) {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'charge_already_refunded',
      message: `Charge ${String(intent.latest_charge)} has already been refunded.`,
    });
  }
  const amount = params.amount === undefined ? refundable : Number(params.amount);
  if (!Number.isInteger(amount) || amount <= 0 || amount > refundable) {
    return invalid(
      `Refund amount (${String(amount)}) is greater than unrefunded amount on charge (${String(refundable)})`,
      'amount',
    );
  }
  intent._refunded = (intent._refunded as number) + amount;
  const refund: StripeObject = {
    id: newId('re'),
    object: 'refund',
    amount,
    currency: intent.currency,
    charge: intent.latest_charge,
    payment_intent: intent.id,
    status: 'succeeded',
    failure_reason: null,
    metadata: record(params.metadata),
  };
  state.refunds.set(refund.id, refund);
  return { status: 200, body: refund };
}

function createCheckoutSession(state: StripeStandinState, params: Params): Reply {
  const items = Array.isArray(params.line_items) ? (params.line_items as Params[]) : [];
  let amountTotal = 0;
  let currency = 'usd';
  for (const item of items) {
    const price = (item.price_data ?? {}) as Params;
    amountTotal += Number(price.unit_amount) * Number(item.quantity ?? 1);
    currency = text(price.currency) ?? currency;
  }
  if (!Number.isInteger(amountTotal) || amountTotal <= 0) {
    return invalid('line_items need a unit_amount.', 'line_items');
  }
  const id = `cs_test_${newId('x').slice(2)}`;
  const session: StripeObject = {
    id,
    object: 'checkout.session',
    mode: text(params.mode),
    client_reference_id: text(params.client_reference_id),
    customer: text(params.customer),
    amount_total: amountTotal,
    currency,
    payment_status: 'unpaid',
    status: 'open',
    payment_intent: null,
    success_url: text(params.success_url),
    cancel_url: text(params.cancel_url),
    url: `${state.baseUrl}/c/pay/${id}`,
    metadata: record(params.metadata),
    _payment_intent_metadata: record((params.payment_intent_data as Params | undefined)?.metadata),
  };
  state.checkoutSessions.set(id, session);
  return { status: 200, body: state.view(session) };
}

import type { CardBrand } from '@portal/domain';

// The card form's only way out: the browser posts the card to the payment gateway's own
// tokenization endpoint (never to our API) and hands our API the single-use token it gets back
// (DESIGN §4, §6; docs/architecture.md billing). The sandbox gateway lives at this path.
export const GATEWAY_TOKENS_PATH = '/gateway/sandbox/tokens';

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode?: string;
}

export interface CardToken {
  token: string;
  card: { brand: CardBrand; last4: string; expiryMonth: number; expiryYear: number };
}

/** The gateway refused the details: field → message key (card.invalidNumber …). */
export class CardTokenError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('The card details are not valid.');
    this.name = 'CardTokenError';
  }
}

export async function tokenizeCard(
  card: CardDetails,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<CardToken> {
  const response = await fetchImpl(GATEWAY_TOKENS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(card),
    cache: 'no-store',
    credentials: 'omit',
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A non-JSON answer falls through to the generic error below.
  }
  if (response.ok && body && typeof body === 'object' && 'token' in body) {
    return body as CardToken;
  }
  const fields =
    body && typeof body === 'object' && 'error' in body
      ? ((body as { error?: { fields?: Record<string, string> } }).error?.fields ?? {})
      : {};
  throw new CardTokenError(fields);
}

import { createHmac, timingSafeEqual } from 'node:crypto';

// A quote is signed so the change submits exactly what was shown (DESIGN §4): the signature
// covers the quote id, the amount due and the expiry; the service also checks the stored
// request and re-prices before charging.

function message(quote: { id: string; amountDue: number; expiresAt: Date }): string {
  return `${quote.id}.${String(quote.amountDue)}.${String(quote.expiresAt.getTime())}`;
}

export class QuoteSigner {
  constructor(private readonly secret: Buffer) {}

  sign(quote: { id: string; amountDue: number; expiresAt: Date }): string {
    return createHmac('sha256', this.secret).update(message(quote)).digest('base64url');
  }

  verify(quote: { id: string; amountDue: number; expiresAt: Date }, signature: string): boolean {
    const expected = Buffer.from(this.sign(quote));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

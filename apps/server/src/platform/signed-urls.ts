import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs (DESIGN.md section 3, files): an HMAC-SHA256 over the path, the
 * expiry and the customer, so a URL opens one file, for one customer, until it expires; a
 * changed path, customer or expiry breaks the signature.
 *
 * What `sign` answers is a same-origin path with its query, and the API hands it out as it is
 * (file downloads and uploads, invoice PDFs): the page resolves it against the origin it was
 * opened at, so a portal reached at http://127.0.0.1:3000 fetches from there rather than from
 * PUBLIC_URL's host, which its CSP (connect-src 'self') would refuse. Only a link that leaves
 * the site (an unsubscribe link in a mail) is prefixed with PUBLIC_URL, by its sender.
 */
export interface SignedUrlParts {
  /** The URL path without the query, e.g. /files/download/<document id>. */
  path: string;
  customerId: string;
  /** Unix seconds. */
  expires: number;
}

export type SignedUrlCheck =
  { ok: true; parts: SignedUrlParts } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

export class UrlSigner {
  constructor(private readonly secret: string | Buffer) {}

  private mac(parts: SignedUrlParts): Buffer {
    return createHmac('sha256', this.secret)
      .update(`${parts.path}\n${parts.expires}\n${parts.customerId}`)
      .digest();
  }

  /** The path and its query: customer, expires, signature. */
  sign(parts: SignedUrlParts): string {
    const query = new URLSearchParams({
      customer: parts.customerId,
      expires: String(parts.expires),
      signature: this.mac(parts).toString('base64url'),
    });
    return `${parts.path}?${query.toString()}`;
  }

  /** Checks a request's path and query at `now`; the signature is compared in constant time. */
  verify(
    path: string,
    query: { customer?: unknown; expires?: unknown; signature?: unknown },
    now: Date,
  ): SignedUrlCheck {
    const { customer, expires, signature } = query;
    if (typeof customer !== 'string' || typeof signature !== 'string') {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) {
      return { ok: false, reason: 'malformed' };
    }
    const parts = { path, customerId: customer, expires: Number(expires) };
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(parts);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'tampered' };
    }
    if (parts.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, parts };
  }
}

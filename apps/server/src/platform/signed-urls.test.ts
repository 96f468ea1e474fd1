import { describe, expect, it } from 'vitest';
import { UrlSigner } from './signed-urls';

const signer = new UrlSigner('a-secret-of-at-least-thirty-two-chars!!');
const parts = { path: '/files/download/doc-1', customerId: 'cust-a', expires: 1_800_000_000 };
const at = (seconds: number) => new Date(seconds * 1000);

/** The signature with its first character changed. */
const flipped = (sig: string) => (sig.startsWith('A') ? 'B' : 'A') + sig.slice(1);

function query(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('signed URLs: an HMAC over path, expiry and customer', () => {
  const url = signer.sign(parts);

  it('verifies until the expiry, not at it', () => {
    expect(signer.verify(parts.path, query(url), at(parts.expires - 1))).toEqual({
      ok: true,
      parts,
    });
    expect(signer.verify(parts.path, query(url), at(parts.expires))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it.each<[string, string, Record<string, string>]>([
    ['another path', '/files/download/doc-2', {}],
    ['another customer', parts.path, { customer: 'cust-b' }],
    ['a later expiry', parts.path, { expires: String(parts.expires + 60) }],
    ['a flipped signature', parts.path, { signature: flipped(query(url).signature ?? '') }],
  ])('refuses %s as tampered', (_name, path, change) => {
    const check = signer.verify(path, { ...query(url), ...change }, at(0));
    expect(check).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses a URL signed with another secret', () => {
    const other = new UrlSigner('another-secret-of-thirty-two-chars!!!!').sign(parts);
    expect(signer.verify(parts.path, query(other), at(0))).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  it.each([
    {},
    { customer: 'x', expires: 'soon', signature: 'y' },
    { customer: 'x', expires: '1' },
  ])('calls %o malformed', (q) => {
    expect(signer.verify(parts.path, q, at(0))).toEqual({ ok: false, reason: 'malformed' });
  });
});

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/*
 * What the care team's second factor (staff-second-factor.ts, issue 41) and the patients'
 * (patient-second-factor.ts, issue 42) share: TOTP (RFC 6238, 30-second steps, six digits)
 * with replay refusal, recovery codes, and the encryption of the stored secret.
 *
 * - The TOTP secret is stored AES-256-GCM encrypted under a key derived from the token signing
 *   key (compose-platform.ts derivedSecret, one label per use), so a copy of the database alone
 *   does not yield codes.
 * - Recovery codes are 20 base32 characters (100 bits from the CSPRNG). With that much entropy
 *   a plain SHA-256 cannot be brute-forced, so argon2 (made for low-entropy passwords) would only
 *   slow each check; the hash also lets a code be found and spent in one indexed statement.
 * - otplib is stateless: a code is accepted only for a time step after the last accepted one
 *   (the caller stores it), so a code seen over someone's shoulder cannot be replayed.
 */

/** Codes one step either side of now are accepted (clock drift of a phone). */
const TOTP_TOLERANCE_SECONDS = 30;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes a sign-in challenge survives; the fifth kills it. */
export const MAX_CHALLENGE_FAILURES = 5;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A recovery code as printed: XXXXX-XXXXX-XXXXX-XXXXX, 100 bits. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(20);
  let code = '';
  for (const byte of bytes) code += BASE32[byte & 31];
  return code.match(/.{5}/g)!.join('-');
}

/** Ten fresh recovery codes, shown once, with the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryHash) };
}

/** The stored form of a recovery code: dashes and spaces dropped, upper case. */
export function recoveryHash(code: string): string {
  return sha256(code.replace(/[\s-]+/g, '').toUpperCase());
}

/** AES-256-GCM under a 32-byte key: `v1.iv.tag.body`, base64url parts. */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/**
 * The matched time step of `code` for `secret` at `now`, later than `afterStep`; null when none
 * matches (a wrong code, one outside the drift window, or a replay of an accepted step).
 */
export async function matchTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now: Date,
): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  if (!result.valid) return null;
  // The matched step: the current one moved by the drift the code was found at.
  return Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta;
}

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** A fresh secret with its otpauth:// URL and that URL as an SVG QR code. */
export async function newTotpEnrolment(issuer: string, label: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer, label, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { trustedDevices } from '../db/schema/identity';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import { IdentityError } from './errors';
import { sha256 } from './second-factor-core';
import type { RequestMeta } from './sessions';
import type { User } from './store';

/*
 * Trusted devices (issue 42): "don't ask again on this device for 30 days" at the second-factor
 * step. The browser gets a cookie `v1.<row id>.<token>.<HMAC>`: the HMAC (its own HKDF label of
 * the token signing key) refuses a forged or altered cookie before the database is asked, and
 * only the token's SHA-256 is stored, so a copy of the table opens nothing. The cookie is
 * HttpOnly, SameSite=Strict, Secure over https, and sent to /identity only.
 *
 * A cookie skips the second factor only for the account it was made for, before its expiry,
 * unrevoked, and from the same browser and system family it was trusted from (the user agent's,
 * not the address: a phone changes address all day). A password change or reset, removing the
 * authenticator app, or the patient (one device or all) revokes it.
 */

/** How long a device stays trusted. */
export const TRUSTED_DEVICE_DAYS = 30;
const TRUSTED_DEVICE_MS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60 * 1000;
/** The cookie's name (its path is /identity: no other route ever sees it). */
export const TRUSTED_DEVICE_COOKIE = 'portal_trusted_device';
const COOKIE_PATH = '/identity';

export interface TrustedDeviceDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  /** 32 bytes: the cookie's HMAC key. */
  key: Buffer;
  /** Secure cookies whatever the request (production, or an https PUBLIC_URL). */
  secure: boolean;
}

export interface TrustedDeviceSummary {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  /** The device the list was asked from (its cookie came with the request). */
  current: boolean;
}

export interface DeviceFamily {
  /** "Chrome on Windows": what the list shows. */
  label: string;
  /** "chrome/windows": what a later sign-in must come from. */
  family: string;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system families of a user agent (versions left out: browsers update). */
export function deviceFamily(userAgent: string | undefined): DeviceFamily {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? 'unknown system';
  return {
    label: system === 'unknown system' ? browser : `${browser} on ${system}`,
    family: `${browser}/${system}`.toLowerCase(),
  };
}

interface CookieParts {
  id: string;
  token: string;
}

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class TrustedDevices {
  constructor(private readonly deps: TrustedDeviceDeps) {}

  private sign(body: string): Buffer {
    return createHmac('sha256', this.deps.key).update(body).digest();
  }

  private seal({ id, token }: CookieParts): string {
    const body = `v1.${id}.${token}`;
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  /** The id and token of a cookie this server signed; undefined for anything else. */
  private open(value: string | undefined): CookieParts | undefined {
    const [version, id, token, mac] = (value ?? '').split('.');
    if (version !== 'v1' || !id || !token || !mac || !UUID.test(id)) return undefined;
    const expected = this.sign(`v1.${id}.${token}`);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { id, token };
  }

  /** The Set-Cookie header value that stores `value` (or clears the cookie when undefined). */
  cookieHeader(value: string | undefined, httpsRequest: boolean, expiresAt?: Date): string {
    const attributes = [
      `${TRUSTED_DEVICE_COOKIE}=${value ?? ''}`,
      `Path=${COOKIE_PATH}`,
      'HttpOnly',
      'SameSite=Strict',
      value && expiresAt
        ? `Expires=${expiresAt.toUTCString()}`
        : 'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ];
    if (this.deps.secure || httpsRequest) attributes.push('Secure');
    return attributes.join('; ');
  }

  /** Trusts the device `meta` comes from for 30 days: the cookie value to set and its expiry. */
  async trust(user: User, meta: RequestMeta): Promise<{ value: string; expiresAt: Date }> {
    const now = this.deps.clock.now();
    const token = randomBytes(32).toString('base64url');
    const { label, family } = deviceFamily(meta.userAgent);
    const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_MS);
    const [row] = await this.deps.db
      .insert(trustedDevices)
      .values({
        userId: user.id,
        tokenHash: sha256(token),
        label,
        userAgentFamily: family,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: trustedDevices.id });
    if (!row) throw new Error('trusted device not stored');
    await this.audit(user.id, meta, 'trusted_device_added', { deviceId: row.id, label });
    return { value: this.seal({ id: row.id, token }), expiresAt };
  }

  /**
   * Whether `cookie` trusts this device for `userId` now: signed by this server, its token
   * matching a live row of that account, from the same browser family. A match counts as a use.
   */
  async passes(userId: string, cookie: string | undefined, meta: RequestMeta): Promise<boolean> {
    const parts = this.open(cookie);
    if (!parts) return false;
    const now = this.deps.clock.now();
    const used = await this.deps.db
      .update(trustedDevices)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(trustedDevices.id, parts.id),
          eq(trustedDevices.userId, userId),
          eq(trustedDevices.tokenHash, sha256(parts.token)),
          eq(trustedDevices.userAgentFamily, deviceFamily(meta.userAgent).family),
          isNull(trustedDevices.revokedAt),
          gt(trustedDevices.expiresAt, now),
        ),
      )
      .returning({ id: trustedDevices.id });
    return used.length === 1;
  }

  /** The account's live trusted devices, newest first; `cookie` marks this one. */
  async list(userId: string, cookie: string | undefined): Promise<TrustedDeviceSummary[]> {
    const currentId = this.open(cookie)?.id;
    const rows = await this.deps.db
      .select()
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.userId, userId),
          isNull(trustedDevices.revokedAt),
          gt(trustedDevices.expiresAt, this.deps.clock.now()),
        ),
      )
      .orderBy(desc(trustedDevices.createdAt));
    return rows.map((row) => ({
      id: row.id,
      label: row.label,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === currentId,
    }));
  }

  /** Revokes one of the account's devices: not-found for another account's or a revoked one. */
  async revoke(userId: string, id: string, meta: RequestMeta): Promise<void> {
    const revoked = await this.deps.db
      .update(trustedDevices)
      .set({ revokedAt: this.deps.clock.now() })
      .where(
        and(
          eq(trustedDevices.id, id),
          eq(trustedDevices.userId, userId),
          isNull(trustedDevices.revokedAt),
        ),
      )
      .returning({ id: trustedDevices.id });
    if (revoked.length === 0) throw new IdentityError('not-found');
    await this.audit(userId, meta, 'trusted_device_removed', { deviceId: id });
  }

  /**
   * Revokes every device of the account (the patient's "Remove all", a password change or reset,
   * the authenticator app removed); `tx` when the caller's transaction should carry it. The
   * audit row, when there was anything to revoke, names the reason.
   */
  async revokeAll(
    userId: string,
    reason: 'patient' | 'password-changed' | 'password-reset' | 'factor-removed',
    meta: RequestMeta,
    tx: Db = this.deps.db,
  ): Promise<number> {
    const revoked = await tx
      .update(trustedDevices)
      .set({ revokedAt: this.deps.clock.now() })
      .where(and(eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt)))
      .returning({ id: trustedDevices.id });
    if (revoked.length > 0 || reason === 'patient')
      await this.audit(userId, meta, 'trusted_devices_revoked', {
        reason,
        count: String(revoked.length),
      });
    return revoked.length;
  }

  private audit(
    userId: string,
    meta: RequestMeta,
    action: string,
    details: Record<string, string>,
  ) {
    return this.deps.audit.record(
      { type: 'customer', id: userId, ip: meta.ip, requestId: meta.requestId },
      { action, entity: 'user', entityId: userId, details },
    );
  }
}

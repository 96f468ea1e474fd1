import { generate } from 'otplib';
import type { Clock } from '../src/platform/clock';

/*
 * The one staff sign-in of the tests (issue 41): password, then the second factor. An account
 * without a factor is enrolled with the secret POST /staff/token hands out; the secret and the
 * recovery codes are remembered per server and email, so later sign-ins of the same account
 * answer with a code (or, once the current and next time steps are spent, a recovery code,
 * since each step's code is accepted once).
 */

/** Anything with a URL, and its clock when the server runs on a test clock. */
export interface StaffSignInTarget {
  url: string;
  clock?: Clock;
}

interface Known {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
}

const known = new Map<string, Known>();

/** Tells the helper an account's secret (demo accounts enrolled with a published secret). */
export function rememberStaffSecret(target: StaffSignInTarget, email: string, secret: string) {
  known.set(`${target.url} ${email.toLowerCase()}`, { secret, lastStep: -1, recoveryCodes: [] });
}

export interface StaffSignedIn {
  accessToken: string;
  role: 'care' | 'admin';
  /** The secret of the account's authenticator (for tests that make codes themselves). */
  secret: string;
}

/** What the staff sign-in routes answer, success or refusal, every field optional. */
export interface StaffAnswer {
  status?: 'enroll' | 'verify';
  challenge?: string;
  secret?: string;
  otpauthUrl?: string;
  qrSvg?: string;
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  role?: 'care' | 'admin';
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
  error?: { code?: string };
}

async function post(target: StaffSignInTarget, route: string, body: unknown) {
  const response = await fetch(`${target.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as StaffAnswer };
}

/** A TOTP code of `secret` for time step `step`. */
export function totpAt(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * 30 });
}

/** The current 30-second time step of the target's clock (or the real one). */
export function currentStep(target: StaffSignInTarget): number {
  const now = target.clock?.now().getTime() ?? Date.now();
  return Math.floor(now / 1000 / 30);
}

/** Password and second factor: a staff access token. Throws on any refusal. */
export async function staffSignIn(
  target: StaffSignInTarget,
  email: string,
  password: string,
): Promise<StaffSignedIn> {
  const key = `${target.url} ${email.toLowerCase()}`;
  const started = await post(target, '/staff/token', { email, password });
  if (started.status !== 200) throw new Error(`staff sign-in failed: ${started.status}`);
  const step = currentStep(target);
  if (started.body.status === 'enroll') {
    const secret = started.body.secret ?? '';
    const enrolled = await post(target, '/staff/token/enroll', {
      challenge: started.body.challenge,
      code: await totpAt(secret, step),
    });
    if (enrolled.status !== 200) throw new Error(`staff enrolment failed: ${enrolled.status}`);
    known.set(key, { secret, lastStep: step, recoveryCodes: enrolled.body.recoveryCodes ?? [] });
    return {
      accessToken: enrolled.body.access_token ?? '',
      role: enrolled.body.role ?? 'care',
      secret,
    };
  }
  const account = known.get(key);
  if (!account) throw new Error(`no known authenticator secret for ${email}`);
  // A step's code works once: the current step, then the next (within the ±1 window), then
  // the recovery codes kept from the enrolment.
  const next = Math.max(step, account.lastStep + 1);
  let answer: { code: string } | { recoveryCode: string };
  if (next <= step + 1) {
    answer = { code: await totpAt(account.secret, next) };
    account.lastStep = next;
  } else {
    const recoveryCode = account.recoveryCodes.shift();
    if (!recoveryCode) throw new Error(`out of second factors for ${email} in this time step`);
    answer = { recoveryCode };
  }
  const verified = await post(target, '/staff/token/verify', {
    challenge: started.body.challenge,
    ...answer,
  });
  if (verified.status !== 200) throw new Error(`staff verification failed: ${verified.status}`);
  return {
    accessToken: verified.body.access_token ?? '',
    role: verified.body.role ?? 'care',
    secret: account.secret,
  };
}

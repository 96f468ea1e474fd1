import {
  APPOINTMENT_MESSAGES,
  AUTH_MESSAGES,
  ERROR_CATALOGUE,
  GREETING_COUNT,
  PASSWORD_MESSAGES,
  PAYMENT_DECLINE_REASONS,
  PAYMENT_DEFAULT_MESSAGE_KEY,
  PHONE_INVALID_KEY,
  UNKNOWN_ERROR_KEY,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n';
import en from './en/translation.json';
import es from './es/translation.json';
import enAppointments from './en/appointments.json';
import esAppointments from './es/appointments.json';

// STYLE.md rule 11: every string a person reads comes from the en and es catalogues.

function flatten(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? flatten(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const enKeys = new Set(flatten({ ...en, appointments: enAppointments }));
const esKeys = new Set(flatten({ ...es, appointments: esAppointments }));
// The area files registered in lib/i18n.ts (home, notifications, messages, tour, …).
for (const key of flatten(resources.en)) enKeys.add(key);
for (const key of flatten(resources.es)) esKeys.add(key);
// Plural forms (lib/i18n-core.ts): `key_one`/`key_other` answer to `key`.
const has = (key: string) => enKeys.has(key) || enKeys.has(`${key}_other`);

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../gql/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const domainSources = import.meta.glob<string>(
  ['../../../../packages/domain/src/**/*.ts', '!../../../../packages/domain/src/**/*.test.ts'],
  { query: '?raw', import: 'default', eager: true },
);

const serverSources = import.meta.glob<string>(
  ['../../../server/src/**/*.ts', '!../../../server/src/**/*.test.ts'],
  { query: '?raw', import: 'default', eager: true },
);

describe('text catalogues', () => {
  it('es has exactly the keys en has', () => {
    expect([...esKeys].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys].filter((k) => !esKeys.has(k))).toEqual([]);
  });

  it('has every message key the domain hands the web', () => {
    const domainKeys = [
      UNKNOWN_ERROR_KEY,
      ...Object.values(ERROR_CATALOGUE).map((entry) => entry.messageKey),
      ...Object.values(AUTH_MESSAGES),
      ...Object.values(PASSWORD_MESSAGES),
      ...Object.values(APPOINTMENT_MESSAGES),
      PHONE_INVALID_KEY,
      PAYMENT_DEFAULT_MESSAGE_KEY,
      ...PAYMENT_DECLINE_REASONS.map((reason) => `payment.${reason}`),
      ...Array.from({ length: GREETING_COUNT }, (_, i) => `home.greetings.${i}`),
    ];
    expect(domainKeys.filter((key) => !has(key))).toEqual([]);
  });

  it('has every message key written in the domain package', () => {
    const keyPattern =
      /['"`]((?:auth|password|phone|errors|payment|appointments\.validation)\.[A-Za-z0-9]+)['"`]/g;
    const found = Object.values(domainSources).flatMap((text) =>
      [...text.matchAll(keyPattern)].map((match) => match[1]!),
    );
    expect(found.length).toBeGreaterThan(10);
    expect([...new Set(found)].filter((key) => !has(key))).toEqual([]);
  });

  it('has every appointments.validation key the server sends (fields of A/T errors)', () => {
    const found = Object.values(serverSources).flatMap((text) =>
      [...text.matchAll(/['"`](appointments\.validation\.[A-Za-z0-9]+)['"`]/g)].map((m) => m[1]!),
    );
    expect(found.length).toBeGreaterThan(0);
    expect([...new Set(found)].filter((key) => !has(key))).toEqual([]);
  });

  it('has every key the source code names literally', () => {
    const pattern =
      /(?:\bt\(|(?:titleKey|labelKey|messageKey|bodyKey)[:=]\s*\{?)\s*['"]([a-zA-Z][\w]*(?:\.[\w]+)+)['"]/g;
    const missing: string[] = [];
    let found = 0;
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(pattern)) {
        found += 1;
        if (!has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});

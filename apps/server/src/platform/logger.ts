import type { LoggerOptions } from 'pino';
import { withoutValues } from '../db/database-error';

/**
 * Secrets and personal data never reach the logs (DESIGN.md section 4). Paths are pino
 * redaction paths; they cover request headers and the bodies the app logs on purpose.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.idToken',
  '*.refreshToken',
  '*.accessToken',
  '*.access_token',
  '*.subject_token',
  '*.code',
  '*.oobCode',
  '*.email',
  // Card details posted to the sandbox gateway's tokenization endpoint.
  '*.cardNumber',
  '*.cvc',
  '*.to',
  'email',
  'password',
  'token',
  'cardNumber',
  'cvc',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    hooks: {
      // Logged without a message of its own, an error's message becomes the line's `msg`
      // (pino does that), past the `err` serializer: the safe message goes there instead.
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        const error = isErrorLike(first)
          ? first
          : typeof first === 'object' && first !== null && !('msg' in first)
            ? (first as { err?: unknown }).err
            : undefined;
        if (typeof second !== 'string' && isErrorLike(error)) {
          method.call(this, first as object, safeMessage(error));
          return;
        }
        method.apply(this, args);
      },
    },
    serializers: {
      err: serializeError,
      // Query strings can carry codes and emails (reset links); log the path only.
      req(req: { method?: string; url?: string; id?: string }) {
        return { method: req.method, url: req.url?.split('?')[0], id: req.id };
      },
    },
  };
}

/**
 * The fields of a database error that hold the statement's data: drizzle's `params` (every
 * parameter: form answers, names, addresses), PGlite's copy of the query and its parameters,
 * pg's internal query. Never logged; the statement's text stays in the message, where drizzle
 * puts it, because drizzle sends every value as a parameter and the text alone finds the code.
 */
const DATA_FIELDS = new Set([
  'params',
  'parameters',
  'query',
  'queryParams',
  'queryOptions',
  'values',
  'internalQuery',
  // Where PostgreSQL was: a PL/pgSQL line, or "unnamed portal parameter $1 = '…'" when the
  // server is set to report parameters with errors.
  'where',
]);

/** PostgreSQL's data exceptions (SQLSTATE class 22) quote the value they refused in the message. */
const DATA_EXCEPTION = /^22/;

/**
 * pino's `err` serializer, minus the data (issue 45): a failed write's error carries the
 * statement's parameters in drizzle's message and `params`, and PostgreSQL's `detail` quotes
 * the failing row; pino's own serializer copies all of it. This one keeps the type, the
 * message up to drizzle's "params:" line, the stack frames, PostgreSQL's code, table,
 * constraint and `detail` without its values (db/database-error.ts), and the cause chain
 * treated alike; the data fields are left out.
 */
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serializeOne(error, new Set()) : error;
}

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string' &&
      typeof (value as { stack?: unknown }).stack === 'string')
  );
}

function serializeOne(error: Error, seen: Set<Error>): Record<string, unknown> {
  seen.add(error);
  const fields = error as unknown as Record<string, unknown>;
  const type =
    typeof error.constructor === 'function' && error.constructor.name
      ? error.constructor.name
      : error.name;
  const message = safeMessage(error);
  const out: Record<string, unknown> = { type, message, stack: safeStack(error, type, message) };
  const dataException = typeof fields.code === 'string' && DATA_EXCEPTION.test(fields.code);
  for (const key in error) {
    if (key in out || key === 'cause' || key === 'errors' || DATA_FIELDS.has(key)) continue;
    const value = fields[key];
    if (key === 'detail' && typeof value === 'string') {
      // A data exception's detail quotes the token it choked on (`Token "…" is invalid.`).
      out.detail = dataException ? withoutQuoted(withoutValues(value)) : withoutValues(value);
    } else if (isErrorLike(value)) {
      if (!seen.has(value)) out[key] = serializeOne(value, seen);
    } else out[key] = value;
  }
  if (Array.isArray(fields.errors)) {
    out.aggregateErrors = fields.errors.map((inner: unknown) =>
      isErrorLike(inner) && !seen.has(inner) ? serializeOne(inner, seen) : inner,
    );
  }
  if (isErrorLike(error.cause) && !seen.has(error.cause)) {
    out.cause = serializeOne(error.cause, seen);
  }
  return out;
}

/** A message without drizzle's parameter line, or the value a data exception quotes. */
function safeMessage(error: Error): string {
  const code = (error as Error & { code?: unknown }).code;
  const withoutParams = error.message.replace(/\nparams: [\s\S]*$/, '');
  return typeof code === 'string' && DATA_EXCEPTION.test(code)
    ? withoutQuoted(withoutParams)
    : withoutParams;
}

/**
 * `invalid input syntax for type uuid: "…"`: everything between the first and the last double
 * quote goes, whatever the value held (quotes and line breaks included).
 */
function withoutQuoted(text: string): string {
  return text.replace(/"[\s\S]*"/, '"…"');
}

/**
 * The stack's frames under a first line rebuilt from the safe message: V8 writes the whole
 * message (parameters included) at the top of `stack`.
 */
function safeStack(error: Error, type: string, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

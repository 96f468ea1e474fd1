import { DrizzleQueryError } from 'drizzle-orm';

/**
 * PostgreSQL's own account of a failed statement: the fields of its ErrorResponse message,
 * which PGlite reports too. Never the statement's parameters: they may hold a patient's data.
 * For the same reason the values PostgreSQL quotes in `detail` (a duplicate key's, a failing
 * row's) are cut out; the columns and the constraint stay.
 */
export interface PostgresFailure {
  /** SQLSTATE, e.g. 42P07 (duplicate table) or 23505 (unique violation). */
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

const FIELDS = ['detail', 'hint', 'schema', 'table', 'column', 'constraint', 'routine'] as const;

/** The first error in `error`'s cause chain that PostgreSQL (or PGlite) raised, if any. */
export function postgresFailure(error: unknown): PostgresFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const fields = current as Error & Partial<Record<'code' | 'severity', unknown>>;
    if (typeof fields.code === 'string' && typeof fields.severity === 'string') {
      const failure: PostgresFailure = { code: fields.code, message: current.message };
      for (const name of FIELDS) {
        const value = (current as unknown as Record<string, unknown>)[name];
        if (typeof value === 'string' && value !== '') {
          failure[name] = name === 'detail' ? withoutValues(value) : value;
        }
      }
      return failure;
    }
    current = current.cause;
  }
  return undefined;
}

/**
 * Whether `error` (or one in its cause chain) is PostgreSQL's SQLSTATE `code` for the named
 * constraint or index: 23505 for a unique index, 23P01 for an exclusion constraint. The name is
 * read from the `constraint` field or, where a driver leaves it out, the message.
 */
export function violatesConstraint(error: unknown, code: string, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const failure = e as { code?: string; constraint?: string; message?: string };
    if (
      failure.code === code &&
      (failure.constraint === constraint || failure.message?.includes(constraint))
    ) {
      return true;
    }
  }
  return false;
}

/**
 * `detail` without the data PostgreSQL quotes from the rows: "Key (email)=(a@b.c) already
 * exists." becomes "Key (email)=(…) already exists.", "Failing row contains (…)." likewise.
 */
export function withoutValues(detail: string): string {
  // Everything after "Key (columns)=" or "Failing row contains" up to the closing parenthesis
  // that matches, whatever the values hold: the last ")" before the sentence goes on.
  return detail
    .replace(
      /\)=\(.*\)(?= (?:already exists|is not present|is still referenced|is duplicated|conflicts))/gs,
      ')=(…)',
    )
    .replace(/(existing key \([^)]*\)=)\(.*\)(?=\.)/gs, '$1(…)')
    .replace(/(Failing row contains )\(.*\)/s, '$1(…)');
}

/**
 * A database step of the start (migrations, the demo seed) that failed. Its message carries
 * PostgreSQL's reason and the statement's text, which the ORM's wrapper buries in `cause`; it
 * keeps no reference to the original error, whose message (drizzle) and fields (PGlite) hold
 * the parameters.
 */
export class DatabaseStepError extends Error {
  override name = 'DatabaseStepError';
  readonly postgres: PostgresFailure | undefined;

  constructor(step: string, error: unknown) {
    const postgres = postgresFailure(error);
    const statement = error instanceof DrizzleQueryError ? oneLine(error.query) : undefined;
    const reason = postgres ? describe(postgres) : innerMessage(error);
    super(`${step} failed: ${reason}${statement ? `\n  statement: ${statement}` : ''}`);
    this.postgres = postgres;
  }
}

function describe(failure: PostgresFailure): string {
  const parts = [`${failure.message} (SQLSTATE ${failure.code})`];
  if (failure.detail) parts.push(`detail: ${failure.detail}`);
  if (failure.hint) parts.push(`hint: ${failure.hint}`);
  const where = [failure.schema, failure.table, failure.column].filter(Boolean).join('.');
  if (where) parts.push(`on ${where}`);
  if (failure.constraint) parts.push(`constraint ${failure.constraint}`);
  return parts.join('; ');
}

/** The reason of an error that is not PostgreSQL's (a refused connection…), minus drizzle's wrapper. */
function innerMessage(error: unknown): string {
  let current = error;
  while (current instanceof DrizzleQueryError && current.cause !== undefined)
    current = current.cause;
  if (current instanceof DrizzleQueryError) return 'the query failed (no reason given)';
  if (current instanceof Error) {
    const code = (current as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${current.message} (${code})` : current.message;
  }
  return String(current);
}

/** A statement on one line, cut short: enough to find it in the migration file. */
function oneLine(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

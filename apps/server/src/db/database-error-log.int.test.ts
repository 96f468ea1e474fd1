import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, codeOf } from '../../test/appointment-fixtures';
import { createCustomer } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

// Issue 45: a failed write logged the ORM's error as it was: drizzle's message and `params`
// carry every parameter of the statement (here a patient's form answers), and PostgreSQL's
// `detail` quotes the failing row. The `err` serializer (platform/logger.ts) now logs the
// failure without them. The write is made to fail by a check constraint the test adds, so the
// real resolver, unit of work and logger are the ones on the path.

let server: TestServer;
const lines: string[] = [];

/** Answers no code or fixture holds: if one shows up in the log, it came from this write. */
const FIRST_NAME = 'Quillonia-7731';
const LAST_NAME = 'Marchetti-Vasquez-5519';

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'info' });
  // Every line the server logs goes through the composition's logger and its stream (fastify's
  // request loggers are its children): collected here instead of written to stdout.
  const stream = (server.platform.logger as unknown as Record<symbol, { write: unknown }>)[
    pino.symbols.streamSym
  ];
  if (!stream) throw new Error('no log stream');
  stream.write = (line: string) => {
    lines.push(line);
    return true;
  };
  await server.database.db.execute(
    sql`alter table form_responses add constraint form_responses_probe_ck check (response::text not like '%Quillonia%') not valid`,
  );
});
afterAll(async () => {
  await server.close();
});

describe('a failing write is logged without its parameters (issue 45)', () => {
  it("a form answer the database refuses reaches the log as PostgreSQL's reason, never as data", async () => {
    const made = await createCustomer(server.database.db);
    const call = callerFor(server, made);
    const res = await call(
      `mutation ($answers: [FormAnswerInput!]!) {
        UpsertIntakeForm(form_short_id: "wm-intake", page: "about-you", answers: $answers) {
          data { id } } }`,
      {
        answers: [
          { linkId: 'first-name', valueString: FIRST_NAME },
          { linkId: 'last-name', valueString: LAST_NAME },
        ],
      },
    );
    // The client gets the masked error; the log gets the fault.
    expect(codeOf(res)).toBe('INTERNAL_SERVER_ERROR');
    const log = lines.join('');
    for (const secret of [FIRST_NAME, LAST_NAME, made.customer.id, 'params']) {
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
    // What the operator needs is still there: the statement, the code, the constraint.
    const record = lines
      .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'graphql resolver error');
    expect(record?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: update "form_responses" set/) as unknown,
      cause: {
        code: '23514',
        table: 'form_responses',
        constraint: 'form_responses_probe_ck',
        detail: 'Failing row contains (…).',
      },
    });
  });
});

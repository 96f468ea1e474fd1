import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), lines };
}

describe('logger redaction (DESIGN.md section 4: secrets and PHI never reach logs)', () => {
  it('redacts tokens, passwords, emails and the authorization header', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        body: {
          email: 'pat@example.com',
          password: 'Secret123',
          refreshToken: 'rt-abc',
          code: 'oob-xyz',
        },
        headers: { authorization: 'Bearer eyJsecret' },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of ['pat@example.com', 'Secret123', 'rt-abc', 'oob-xyz', 'eyJsecret']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });

  it('logs the path of a request without its query string', () => {
    const { logger, lines } = capture();
    logger.info(
      { req: { method: 'GET', url: '/user-action?oobCode=abc&email=a@b.c', id: 'r1' } },
      'in',
    );
    expect(lines.join('')).toContain('"url":"/user-action"');
    expect(lines.join('')).not.toContain('oobCode');
  });
});

describe('errors are logged without the data they carry (issue 45)', () => {
  it("drops drizzle's parameters, PostgreSQL's quoted values and the failing row, keeps the reason", () => {
    const { logger, lines } = capture();
    const postgres = Object.assign(
      new Error('invalid input syntax for type uuid: "Maribel Quintero-Soto"'),
      {
        severity: 'ERROR',
        code: '22P02',
        detail: 'Token "Maribel" is invalid. Failing row contains (Quintero-Soto, 1984-02-03).',
        where: "unnamed portal parameter $1 = 'Maribel Quintero-Soto'",
        table: 'form_responses',
      },
    );
    const drizzle = Object.assign(
      new Error('Failed query: insert into "x" values ($1)\nparams: Maribel Quintero-Soto'),
      { query: 'insert into "x" values ($1)', params: ['Maribel Quintero-Soto'] },
      { cause: postgres },
    );
    logger.error({ err: drizzle }, 'failed');
    // Logged as the error itself too (pino puts it under `err`), and wrapped as graphql-js
    // wraps a resolver's error: the wrapper repeats the message.
    logger.error(drizzle);
    logger.error({ err: new Error(drizzle.message, { cause: drizzle }) }, 'wrapped');
    const out = lines.join('');
    expect(out).not.toContain('Maribel');
    expect(out).not.toContain('1984-02-03');
    const record = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
    expect(record.err).toMatchObject({
      message: 'Failed query: insert into "x" values ($1)',
      cause: {
        code: '22P02',
        message: 'invalid input syntax for type uuid: "…"',
        detail: 'Token "…" is invalid. Failing row contains (…).',
        table: 'form_responses',
      },
    });
    expect(out).not.toContain('Quintero');
  });
});

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

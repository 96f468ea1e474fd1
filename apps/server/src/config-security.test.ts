import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, startupWarnings } from './config';

// Issue 17: a production start needs PUBLIC_URL and real mail; development says when it
// listens beyond the machine.

describe('production start', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' };

  it('refuses to run without PUBLIC_URL', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail' }, '1')).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('refuses to run with the development outbox (no SMTP_URL)', () => {
    expect(() => parseConfig(production, '1')).toThrow(ConfigError);
    expect(() => parseConfig(production, '1')).toThrow(/SMTP_URL/);
    expect(parseConfig({ ...production, SMTP_URL: 'smtp://mail:25' }, '1').smtpUrl).toBe(
      'smtp://mail:25',
    );
  });
});

describe('startup warnings', () => {
  it('warns when development listens beyond loopback', () => {
    expect(startupWarnings(parseConfig({ HOST: '0.0.0.0' }, '1'))).toEqual([
      expect.stringMatching(/listens on 0\.0\.0\.0/),
    ]);
    expect(startupWarnings(parseConfig({}, '1'))).toHaveLength(1);
  });

  it('is quiet on loopback, under tests, and in production (where listening widely is the point)', () => {
    expect(startupWarnings(parseConfig({ NODE_ENV: 'test' }, '1'))).toEqual([]);
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) {
      expect(startupWarnings(parseConfig({ HOST }, '1'))).toEqual([]);
    }
    const production = parseConfig(
      { NODE_ENV: 'production', PUBLIC_URL: 'https://p.example.com', SMTP_URL: 'smtp://m' },
      '1',
    );
    expect(startupWarnings(production)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from '../../test/harness';

// What the HTTP edges answer to input their zod schemas refuse (or, for error reports, take).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('HTTP edges', () => {
  it('answers a body that is not an object with invalid-input', async () => {
    const res = await postJson<ErrorBody>(server, '/user/reset-password', ['a@b.co']);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-input');
    expect(Object.keys(res.body.error.fields ?? {})).toEqual(['body']);
  });

  it('caps the length of every identity field', async () => {
    const res = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: `${'a'.repeat(1000)}@example.com`,
      password: 'x'.repeat(1001),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: 'auth.emailInvalid',
      password: 'auth.genericError',
    });
  });

  it('checks the bearer ID token before the input of a route that needs one', async () => {
    const res = await postJson<ErrorBody>(server, '/identity/reauthenticate', {});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid-token');
  });

  it('answers a missing token exchange parameter as RFC 6749 invalid_request', async () => {
    const res = await fetch(`${server.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'A parameter is missing or malformed.',
    });
  });

  it('takes any error report from the web app', async () => {
    for (const body of [{ message: 'boom', url: '/a?oobCode=secret' }, { message: 5 }, 'x', null]) {
      const res = await fetch(`${server.url}/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(204);
    }
  });
});

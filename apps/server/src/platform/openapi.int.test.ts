import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      }
    >
  >;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  anyOf?: JsonSchema[];
}

describe('/openapi.json', () => {
  it('documents the identity routes from their zod schemas', async () => {
    const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
    const signIn = spec.paths['/identity/sign-in']?.post;
    const body = signIn?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(['email', 'password']);
    expect(body?.properties?.email).toMatchObject({ type: 'string', maxLength: 1000 });
    // Tokens, or (an authenticator enrolled, issue 42) the second step's challenge.
    const answer = signIn?.responses['200']?.content?.['application/json']?.schema;
    expect(answer?.anyOf?.map((branch) => branch.required)).toEqual([
      ['idToken', 'refreshToken', 'expiresIn'],
      ['secondFactor', 'challenge', 'methods'],
    ]);
    const error = signIn?.responses['4XX']?.content?.['application/json']?.schema;
    expect(error?.properties?.error?.required).toEqual(['code', 'message']);

    const exchange = spec.paths['/connect/token']?.post?.requestBody?.content;
    expect(exchange?.['application/x-www-form-urlencoded']?.schema.required).toEqual([
      'grant_type',
      'client_id',
      'subject_token',
    ]);
  });

  it('leaves out the hidden routes', async () => {
    const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
    for (const hidden of ['/staff/token', '/client-errors', '/healthz', '/openapi.json']) {
      expect(spec.paths).not.toHaveProperty([hidden]);
    }
  });
});

import { FEATURE_FLAGS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import { customerTokenFor } from '../../../test/messaging-helpers';

const STAFF = { type: 'staff', id: null } as const;
const SUPPORT_URL = 'https://help.example.com/hc/requests/new';
const CHAT_WIDGET_URL = 'https://chat.example.com/widget/v2.js';

interface PublicConfig {
  googleSignIn: boolean;
  supportUrl: string | null;
  chatWidgetUrl: string | null;
  flags: Record<string, boolean>;
}

async function publicConfig(server: TestServer) {
  const response = await fetch(`${server.url}/config.json`);
  return {
    body: (await response.json()) as PublicConfig,
    csp: response.headers.get('content-security-policy') ?? '',
    cache: response.headers.get('cache-control'),
  };
}

const FLAGS_QUERY = 'query GetFeatureFlags { featureFlags { name enabled } }';

describe('/config.json with the support and chat variables set (spec 01 §1, §7)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SUPPORT_URL, CHAT_WIDGET_URL });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves both URLs, uncached, and lets the page load the widget from its origin', async () => {
    const { body, csp, cache } = await publicConfig(server);
    expect(body.supportUrl).toBe(SUPPORT_URL);
    expect(body.chatWidgetUrl).toBe(CHAT_WIDGET_URL);
    expect(cache).toContain('no-store');
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/chat\.example\.com(;|$)/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/chat\.example\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/chat\.example\.com/);
  });

  describe('flags for signed-out visitors (spec 01 §6)', () => {
    it("serves every named flag at the table's default; a flag without a row is off", async () => {
      await server.services.flags.setFlag(FEATURE_FLAGS.googleSso, null, true, STAFF);
      const { body } = await publicConfig(server);
      expect(Object.keys(body.flags).sort()).toEqual(Object.values(FEATURE_FLAGS).sort());
      expect(body.flags[FEATURE_FLAGS.googleSso]).toBe(true);
      expect(body.flags[FEATURE_FLAGS.spanish]).toBe(false);

      await server.services.flags.setFlag(FEATURE_FLAGS.googleSso, null, false, STAFF);
      expect((await publicConfig(server)).body.flags[FEATURE_FLAGS.googleSso]).toBe(false);
    });

    it("never shows a visitor one customer's own value; the customer still gets it", async () => {
      const { user, customer, password } = await createCustomer(server.database.db);
      const flags = server.services.flags;
      await flags.setFlag(FEATURE_FLAGS.bulkDisclaimer, null, false, STAFF);
      await flags.setFlag(FEATURE_FLAGS.bulkDisclaimer, customer.id, true, STAFF);
      await flags.setFlag(FEATURE_FLAGS.glp1AlertBanner, null, true, STAFF);
      await flags.setFlag(FEATURE_FLAGS.glp1AlertBanner, customer.id, false, STAFF);

      const visitor = (await publicConfig(server)).body.flags;
      expect(visitor[FEATURE_FLAGS.bulkDisclaimer]).toBe(false);
      expect(visitor[FEATURE_FLAGS.glp1AlertBanner]).toBe(true);

      const token = await customerTokenFor(server, user.email, password);
      const result = await graphql<{ featureFlags: { name: string; enabled: boolean }[] }>(
        server,
        FLAGS_QUERY,
        token,
      );
      const own = Object.fromEntries(
        (result.data?.featureFlags ?? []).map((flag) => [flag.name, flag.enabled]),
      );
      expect(own[FEATURE_FLAGS.bulkDisclaimer]).toBe(true);
      expect(own[FEATURE_FLAGS.glp1AlertBanner]).toBe(false);
    });

    it('keeps the GraphQL flag query for signed-in customers only', async () => {
      const result = await graphql(server, FLAGS_QUERY);
      expect(result.data).toBeFalsy();
      expect(result.errors?.length).toBeGreaterThan(0);
    });
  });
});

describe('/config.json without the variables', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves no support or chat URL and allows scripts from the page itself only', async () => {
    const { body, csp } = await publicConfig(server);
    expect(body.supportUrl).toBeNull();
    expect(body.chatWidgetUrl).toBeNull();
    expect(body.googleSignIn).toBe(false);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(csp).toMatch(
      /frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/,
    );
  });
});

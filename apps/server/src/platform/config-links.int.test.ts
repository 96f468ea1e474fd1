import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

// Issue 44: the provider's external pages come from the server at run time, not the build.

async function links(server: TestServer) {
  const response = await fetch(`${server.url}/config.json`);
  const body = (await response.json()) as {
    links: Record<string, string>;
    careTeamPhone: string | null;
  };
  return body;
}

describe('/config.json links and care-team phone', () => {
  let configured: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    configured = await startTestServer({
      LINK_TREATMENTS_URL: 'https://clinic.test/treatments',
      LINK_TERMS_URL: 'https://clinic.test/terms',
      LINK_BULK_TERMS_URL: 'https://clinic.test/bulk-terms',
      LINK_PRIVACY_URL: 'https://clinic.test/privacy',
      LINK_PRIVACY_PRACTICES_URL: 'https://clinic.test/privacy-practices',
      LINK_ACCESSIBILITY_URL: 'https://clinic.test/ada',
      CARE_TEAM_PHONE: '+1 (555) 010-0100',
    });
    plain = await startTestServer();
  });
  afterAll(async () => {
    await configured.close();
    await plain.close();
  });

  it('serves each LINK_*_URL and CARE_TEAM_PHONE', async () => {
    expect(await links(configured)).toMatchObject({
      links: {
        treatments: 'https://clinic.test/treatments',
        terms: 'https://clinic.test/terms',
        bulkTerms: 'https://clinic.test/bulk-terms',
        privacy: 'https://clinic.test/privacy',
        privacyPractices: 'https://clinic.test/privacy-practices',
        accessibility: 'https://clinic.test/ada',
      },
      careTeamPhone: '+1 (555) 010-0100',
    });
  });

  it('serves the example.com placeholders and no phone when unset (development and test)', async () => {
    const body = await links(plain);
    expect(body.links.privacyPractices).toBe('https://example.com/privacy-practices');
    expect(Object.keys(body.links).sort()).toEqual([
      'accessibility',
      'bulkTerms',
      'privacy',
      'privacyPractices',
      'terms',
      'treatments',
    ]);
    expect(body.careTeamPhone).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMessages } from '../../db/schema/messages';
import { customerNotifications } from '../../db/schema/notifications';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';
import { sanitizeProviderHtml } from './sanitize';

// Issue 17: provider HTML is sanitized when the staff API stores it, so every client of the
// data API gets safe HTML; the original is kept apart for the record. Action links of
// notifications stay on the portal's origin.

let server: TestServer;
let staffToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const staff = await createStaffUser(server.database.db);
  staffToken = await staffTokenFor(server, staff.email);
});
afterAll(async () => {
  await server.close();
});

const MESSAGES = `query getProviderMessages($customerId: ID!) {
  providerMessages(customerId: $customerId) { id messageSections { name html } }
}`;

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="//evil.example/">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

describe('sanitizeProviderHtml', () => {
  it.each(HOSTILE)('leaves nothing active or inert-but-hostile of %s', (html) => {
    const clean = sanitizeProviderHtml(`<p>Before</p>${html}<p>After</p>`);
    expect(clean).toContain('<p>Before</p>');
    expect(clean).toContain('<p>After</p>');
    expect(clean).not.toMatch(
      /<(script|iframe|form|input|button|textarea|template|svg|math|object|embed|noscript)\b|on\w+=|javascript:|style=|\/\/evil/i,
    );
  });

  it('keeps formatting, links and the section markers', () => {
    const html =
      '<p>Body <strong>bold</strong> <a href="https://example.com/x" target="_blank">link</a></p>' +
      '<!-- section: Dosing --><ul><li>10 units</li></ul><!-- section: Side effects --><p>None</p>';
    expect(sanitizeProviderHtml(html)).toBe(
      '<p>Body <strong>bold</strong> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">link</a></p>\n' +
        '<!-- section: Dosing --><ul><li>10 units</li></ul>\n<!-- section: Side effects --><p>None</p>',
    );
  });
});

describe('POST /staff/customers/:id/messages', () => {
  it('stores the HTML sanitized and serves it so; the original is kept for the record', async () => {
    const { user, customer } = await createCustomer(server.database.db);
    const html = `<p>Hello</p>${HOSTILE.join('')}<!-- section: More --><p>more</p><textarea>x</textarea>`;
    const posted = await staffCall<{ id: string }>(
      server,
      'POST',
      `/staff/customers/${customer.id}/messages`,
      staffToken,
      { type: 'treatment_update', html },
    );
    expect(posted.status).toBe(201);
    const [row] = await server.database.db
      .select()
      .from(providerMessages)
      .where(eq(providerMessages.id, posted.body.id));
    expect(row?.originalMessage).toBe(html);
    expect(row?.message).toBe(sanitizeProviderHtml(html));
    const res = await graphql<{
      providerMessages: { messageSections: { name: string; html: string }[] }[];
    }>(server, MESSAGES, await customerTokenFor(server, user.email), { customerId: customer.id });
    const sections = res.data?.providerMessages[0]?.messageSections ?? [];
    expect(sections.map((s) => s.name)).toEqual(['', 'More']);
    expect(sections[0]?.html.startsWith('<p>Hello</p>')).toBe(true);
    expect(sections[1]?.html).toBe('<p>more</p>');
    const served = JSON.stringify(res.data);
    expect(served).not.toMatch(/<(script|textarea|template|iframe|form)|onerror|javascript:/i);
  });
});

describe('section names (issue 45)', () => {
  it('are plain text: a name that carries markup is refused, and nothing is stored', async () => {
    const { customer } = await createCustomer(server.database.db);
    const post = (html: string) =>
      staffCall<{ error?: { code: string; fields?: Record<string, string> } }>(
        server,
        'POST',
        `/staff/customers/${customer.id}/messages`,
        staffToken,
        { type: 'treatment_update', html },
      );
    for (const name of [
      '<img src=x onerror=alert(1)>',
      'Dosing <b>now</b>',
      '<a href="https://evil.example">Click</a>',
      'Side effects <script>',
    ]) {
      const res = await post(`<p>Body</p><!-- section: ${name} --><p>more</p>`);
      expect(res.status, name).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid-input',
        fields: { html: 'sectionNameMarkup' },
      });
    }
    const stored = await server.database.db
      .select()
      .from(providerMessages)
      .where(eq(providerMessages.customerId, customer.id));
    expect(stored).toEqual([]);
    // Plain names, punctuation and an ampersand included, go through.
    const ok = await post(`<p>Body</p><!-- section: Tips & tricks (week 1) --><p>more</p>`);
    expect(ok.status).toBe(201);
  });
});

describe('notification action links', () => {
  it.each([
    '/\\evil.example/',
    '//evil.example/',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('refuses %j and stores nothing', async (url) => {
    const { customer } = await createCustomer(server.database.db);
    const res = await staffCall<{ error?: { fields?: Record<string, string> } }>(
      server,
      'POST',
      `/staff/customers/${customer.id}/notifications`,
      staffToken,
      { type: 'dl', title: 'x', action: { label: 'Go', url } },
    );
    expect(res.status).toBe(400);
    const rows = await server.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, customer.id));
    expect(rows).toEqual([]);
  });

  it('takes a path in the portal', async () => {
    const { customer } = await createCustomer(server.database.db);
    const res = await staffCall(
      server,
      'POST',
      `/staff/customers/${customer.id}/notifications`,
      staffToken,
      { type: 'dl', title: 'x', action: { label: 'Go', url: '/messages/123?tab=2#top' } },
    );
    expect(res.status).toBe(201);
  });
});

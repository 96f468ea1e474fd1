import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

export const DEMO = {
  alex: { email: 'alex.rivera@example.com', password: 'DemoPass1', greetingName: 'Alex' },
  unverified: { email: 'sam.unverified@example.com', password: 'DemoPass1' },
  noCustomer: { email: 'jordan.nocustomer@example.com', password: 'DemoPass1' },
  booking: { email: 'taylor.booking@example.com', password: 'DemoPass1' },
};

/** Whether a URL is the data API's (a GET carries its operation in the query string). */
export function isGraphqlUrl(url: URL | string): boolean {
  return new URL(url).pathname === '/graphql';
}

/**
 * Whether a request to the data API runs the named operation: a query without variables is a
 * GET naming it in the URL, anything else a POST of its text (apps/web's graphql-client.ts).
 */
export function isOperation(request: Request, name: string): boolean {
  const url = new URL(request.url());
  if (url.pathname !== '/graphql') return false;
  if (url.searchParams.get('operationName') === name) return true;
  return new RegExp(`(query|mutation) ${name}\\b`).test(request.postData() ?? '');
}

export const WIDTHS = [390, 1280] as const;

/** A slot button in the booking dialog: its start and the zone it is shown in, "10:00 AM PST". */
export const SLOT_TIME = /^\d{1,2}:\d{2} [AP]M [A-Z]{2,5}$/;

/** A fresh address per test run and test, so specs never share an account. */
export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

// Issue 9: axe-core (>= 4.14) with the WCAG 2.0, 2.1 and 2.2 A/AA rules and axe's best practices,
// plus WCAG 2.5.3 (label in name), which axe ships as an experimental rule and so runs only when
// asked. Every spec's axe check goes through here, so they all hold the same bar.
const AXE_OPTIONS: RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  rules: { 'label-content-name-mismatch': { enabled: true } },
};
const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core in every frame of the page that lacks it: once per document, not once per check.
 * @axe-core/playwright's AxeBuilder injected its 550 kB source into every frame on every check,
 * and (outside its legacy mode) finished each run in a new blank page; measured on /billing,
 * one check took 1.2-2.8 s through it, 0.7-1.0 s in its legacy mode, 0.14-0.4 s with axe already
 * in the page. As in AxeBuilder's legacy mode, axe in the top document gathers the results of
 * same-origin frames (the portal has none of its own; a cross-origin video player is not ours
 * to check). A frame that cannot be scripted (gone meanwhile) is skipped, as AxeBuilder did.
 */
async function injectAxe(page: Page): Promise<void> {
  // The mark is a property of the root element, not an attribute: a document rewritten in place
  // (document.open, as page.setContent does) keeps its window, and so `axe`, but loses the
  // window's listeners, axe's frame messaging among them; its new root has no mark.
  const marked = () =>
    (document.documentElement as { portalAxe?: boolean } | null)?.portalAxe === true;
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(marked)) continue;
      await frame.evaluate(
        `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });` +
          'document.documentElement.portalAxe = true;',
      );
    } catch {
      // Detached or navigating: nothing to check in it.
    }
  }
}

/** One violation per block: rule, impact, what it asks, and each element with axe's summary. */
function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const summary = (n.failureSummary ?? '').replace(/\n\s*/g, '\n      ');
          return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 300)}\n      ${summary}`;
        })
        .join('\n');
      return `  ${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/** The serious and critical axe findings on the page as it is now. */
async function blockingViolations(page: Page): Promise<AxeResults['violations']> {
  // Colours are judged on the settled page: a button that has just become enabled fades in
  // over MUI's transition, and axe mid-fade reads a contrast that is never shown for long.
  // Endless animations (spinners, skeletons) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await injectAxe(page);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    AXE_OPTIONS,
  );
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
}

/** Resolves once the page has painted two frames (a resize's re-render has run by then). */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Whether the page scrolls sideways for good: a busy machine can re-render late after a
 * resize (or a live update can land mid-layout), so only sideways scroll that lasts 5 s
 * counts. Resolves false as soon as the page fits.
 */
async function scrollsSideways(page: Page): Promise<boolean> {
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
  const deadline = Date.now() + 5_000;
  while (await sideways()) {
    if (Date.now() > deadline) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/**
 * What is wrong with the screen at 390 and 1280 px (or the widths given), one entry per
 * finding: serious or critical axe violations, and sideways scroll. Each width is judged once
 * two frames have passed after the resize (media queries re-render the header). `prepare` runs
 * after each resize, for state a resize closes (a menu, the drawer); Escape closes it again
 * before the next width. The viewport is left at the last width.
 */
export async function accessibilityFindings(
  page: Page,
  screen: string,
  {
    widths = WIDTHS,
    prepare,
  }: { widths?: readonly number[]; prepare?: (width: number) => Promise<void> } = {},
): Promise<string[]> {
  const findings: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await twoFrames(page);
    if (prepare) await prepare(width);
    const blocking = await blockingViolations(page);
    if (prepare) await page.keyboard.press('Escape');
    if (blocking.length > 0) {
      findings.push(`${screen} at ${width}px:\n${describeViolations(blocking)}`);
    }
    if (await scrollsSideways(page)) findings.push(`${screen} at ${width}px scrolls sideways`);
  }
  return findings;
}

/** Axe at a phone width and a desktop width: no serious or critical violation, no sideways scroll. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const original = page.viewportSize();
  const findings = await accessibilityFindings(page, screen);
  if (original) await page.setViewportSize(original);
  expect(findings.length, `\n${findings.join('\n\n')}\n`).toBe(0);
}

/**
 * Full-page screenshots at 390 and 1280 px into SHOTS_DIR when it is set (UI.md: every screen is
 * looked at), for example:  SHOTS_DIR=/tmp/shots npm run test -w e2e
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `${dir}/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Waits for the newest mail to `to` in the dev outbox and returns its user-action link path. */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  { after = 0, contains = 'user-action' }: { after?: number; contains?: string } = {},
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json');
        const mails = (await response.json()) as Mail[];
        const mail = mails.find(
          (m) => m.to.toLowerCase().includes(to.toLowerCase()) && Date.parse(m.createdAt) >= after,
        );
        const match = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(contains));
        link = match;
        return Boolean(match);
      },
      { timeout: 15_000, message: `a mail to ${to} with a ${contains} link` },
    )
    .toBe(true);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** Creates an account with a password through the API, as the sign-up mail would. */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const started = Date.now() - 1000;
  const created = await request.post('/user/create', {
    data: { email, tenantId: 'portal', firstName: 'Robin', lastName: 'Test' },
  });
  expect(created.ok()).toBe(true);
  const link = await mailedLink(request, email, { after: started });
  const code = new URL(link, 'http://x').searchParams.get('oobCode');
  const confirmed = await request.post('/identity/password-reset/confirm', {
    data: { code, password },
  });
  expect(confirmed.ok()).toBe(true);
}

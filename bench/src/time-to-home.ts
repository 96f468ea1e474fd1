import type { Browser, Request } from 'playwright-core';
import type { Benchmark } from './lib/benchmark';
import { fmt, goal, type Table } from './lib/report';
import { mean, percentile } from './lib/stats';
import {
  CHROMIUM_PATH,
  DEMO_USER,
  launchChromium,
  describeBuild,
  webSnapshot,
  startWebPortal,
} from './lib/web-app';

/** Issue 16's goal: Log in click → greeting painted, median of the warm runs. */
const GOAL_MEDIAN_MS = 600;

/**
 * How the password gets into the form. "typed": key by key, as a customer types it (60 ms a key),
 * so the sign-in screen prefetches home while they type (issue 16); the goal is judged on this.
 * "filled": set at once with no key pressed, as a password manager fills it in, so home's chunks
 * are first asked for by the Log in press itself.
 */
type Entry = 'typed' | 'filled';
const ENTRIES: readonly Entry[] = ['typed', 'filled'];
const KEY_DELAY_MS = 60;

/** Measured runs after the cold one (BENCH_HOME_RUNS). */
function measuredRuns(): number {
  const raw = process.env.BENCH_HOME_RUNS;
  const n = raw === undefined || raw.trim() === '' ? 10 : Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`BENCH_HOME_RUNS must be a positive integer, got "${raw}"`);
  }
  return n;
}

/** A request made between the Log in click and the greeting, in ms after the click. */
interface Span {
  label: string;
  startMs: number;
  endMs: number;
}

interface Run {
  /** Navigation start until the first frame showing the sign-in form's Log in button. */
  signInFormMs: number;
  /** The Log in click event until the first frame showing the 'Hi, Alex' heading. */
  clickToHomeMs: number;
  /** The same two as Playwright's waitFor saw them (it polls every 500 ms after ~0.3 s). */
  playwright: { signInFormMs: number; clickToHomeMs: number };
  spans: Span[];
}

/**
 * Runs in every document before the app: records, on the page's clock (ms since navigation
 * start), the first animation frame in which the Log in button is visible, the Log in click,
 * and the first frame in which the greeting heading is visible. A requestAnimationFrame
 * callback runs just before its frame is painted, so these are the frames the user sees.
 */
function marksScript(greeting: string): string {
  return `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible';
  };
  const find = (selector, text) =>
    Array.from(document.querySelectorAll(selector)).some(
      (el) => el.textContent.trim() === text && visible(el),
    );
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button && marks.click === undefined && button.textContent.trim() === 'Log in') {
        marks.click = performance.now();
      }
    },
    true,
  );
  const frame = () => {
    const now = performance.now();
    if (marks.form === undefined && find('button', 'Log in')) marks.form = now;
    if (marks.click !== undefined && marks.home === undefined) {
      if (find('h1, h2, h3, h4, h5, h6, [role="heading"]', ${JSON.stringify(greeting)})) marks.home = now;
    }
    if (marks.home === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;
}

interface Marks {
  form?: number;
  click?: number;
  home?: number;
}

function requestLabel(request: Request): string {
  const url = new URL(request.url());
  if (url.pathname.startsWith('/assets/')) return `GET ${url.pathname.slice(1)}`;
  if (url.pathname === '/graphql') {
    const body = request.postDataJSON() as { operationName?: string; query?: string } | null;
    const name =
      body?.operationName ??
      /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(body?.query ?? '')?.[1] ??
      '';
    return `${request.method()} /graphql ${name}`.trimEnd();
  }
  return `${request.method()} ${url.pathname}`;
}

/** One sign-in in a fresh context: no cache, no cookies, no storage. */
async function signInOnce(browser: Browser, url: string, entry: Entry): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(marksScript(DEMO_USER.greeting));
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.waitFor({ state: 'visible' });
    const formSeen = performance.now() - started;
    await email.fill(DEMO_USER.email);
    const password = page.getByRole('textbox', { name: 'Password' });
    if (entry === 'typed') {
      await password.pressSequentially(DEMO_USER.password, { delay: KEY_DELAY_MS });
    } else {
      await password.fill(DEMO_USER.password);
    }
    const button = page.getByRole('button', { name: 'Log in' });
    await button.waitFor({ state: 'visible' });

    const finished: Request[] = [];
    page.on('requestfinished', (request) => finished.push(request));
    const clicked = performance.now();
    await button.click();
    await page.getByRole('heading', { name: DEMO_USER.greeting }).waitFor({ state: 'visible' });
    const homeSeen = performance.now() - clicked;

    // The heading is visible, so the frame loop has recorded it or will in the next frame.
    await page.waitForFunction('window.__benchMarks && window.__benchMarks.home !== undefined');
    const marks = await page.evaluate<Marks>('window.__benchMarks');
    if (marks.form === undefined || marks.click === undefined || marks.home === undefined) {
      throw new Error(`page marks missing (did the page reload?): ${JSON.stringify(marks)}`);
    }
    const clickToHomeMs = marks.home - marks.click;
    // Request timings are wall-clock: put the click on the same clock.
    const clickEpoch = (await page.evaluate<number>('performance.timeOrigin')) + marks.click;

    const spans: Span[] = [];
    for (const request of finished) {
      const timing = request.timing();
      const startMs = timing.startTime - clickEpoch;
      if (startMs < -5 || startMs > clickToHomeMs) continue;
      const end = timing.responseEnd >= 0 ? timing.responseEnd : 0;
      spans.push({ label: requestLabel(request), startMs, endMs: startMs + end });
    }
    return {
      signInFormMs: marks.form,
      clickToHomeMs,
      playwright: { signInFormMs: formSeen, clickToHomeMs: homeSeen },
      spans,
    };
  } finally {
    await context.close();
  }
}

const ms = (n: number) => (Number.isFinite(n) ? fmt.ms(n) : 'n/a');

/** Where the time after the click goes: the requests, by label, over the runs. */
function waterfallOf(runs: readonly Run[]) {
  const labels = new Map<string, { starts: number[]; ends: number[] }>();
  for (const run of runs) {
    for (const span of run.spans) {
      const entry = labels.get(span.label) ?? { starts: [], ends: [] };
      entry.starts.push(span.startMs);
      entry.ends.push(span.endMs);
      labels.set(span.label, entry);
    }
  }
  return [...labels.entries()]
    .map(([label, v]) => ({
      label,
      runs: v.starts.length,
      start: percentile(v.starts, 50),
      end: percentile(v.ends, 50),
      duration: percentile(
        v.ends.map((e, i) => e - (v.starts[i] ?? e)),
        50,
      ),
    }))
    .sort((a, b) => a.start - b.start);
}

/** The figures of one way of entering the password, over its warm runs. */
function summary(warm: readonly Run[]) {
  const clicks = warm.map((r) => r.clickToHomeMs);
  const forms = warm.map((r) => r.signInFormMs);
  const total = warm.map((r) => r.signInFormMs + r.clickToHomeMs);
  // The part after the sign-in answer (debounce, exchange, queries, render): the web app's
  // own share, less moved by the load than the argon2 check before it.
  const afterSignIn = warm.flatMap((r) => {
    const signIn = r.spans.find((span) => span.label === 'POST /identity/sign-in');
    return signIn ? [r.clickToHomeMs - signIn.endMs] : [];
  });
  return {
    runs: warm.length,
    signInFormMs: { median: percentile(forms, 50), p90: percentile(forms, 90) },
    clickToHomeMs: {
      median: percentile(clicks, 50),
      p90: percentile(clicks, 90),
      min: Math.min(...clicks),
      max: Math.max(...clicks),
      mean: mean(clicks),
    },
    signInAnswerToHomeMs: { median: percentile(afterSignIn, 50), p90: percentile(afterSignIn, 90) },
    totalMs: { median: percentile(total, 50), p90: percentile(total, 90) },
    playwrightClickToHomeMs: percentile(
      warm.map((r) => r.playwright.clickToHomeMs),
      50,
    ),
    values: warm.map(({ signInFormMs, clickToHomeMs, playwright }) => ({
      signInFormMs,
      clickToHomeMs,
      playwright,
    })),
    waterfall: waterfallOf(warm),
  };
}

export const timeToHome: Benchmark = {
  id: 'time-to-home',
  title: 'Web app: time to a signed-in home in headless Chromium',
  async run(ctx) {
    const runs = measuredRuns();
    const snapshot = await webSnapshot((message) => ctx.progress(message));
    const portal = await startWebPortal(snapshot.dir);
    let browser: Browser | undefined;
    let cold: Run | undefined;
    const warm: Record<Entry, Run[]> = { typed: [], filled: [] };
    let chromium = '';
    try {
      browser = await launchChromium();
      chromium = browser.version();
      ctx.progress(
        `time-to-home: ${portal.url}, 1 cold + ${runs} sign-ins each typed and filled in as ${DEMO_USER.email}, fresh context each`,
      );
      cold = await signInOnce(browser, portal.url, 'typed');
      // Interleaved, so both ways meet the same load from elsewhere on a shared machine.
      for (let i = 0; i < runs; i++) {
        for (const entry of ENTRIES) warm[entry].push(await signInOnce(browser, portal.url, entry));
      }
    } finally {
      await browser?.close().catch(() => undefined);
      await portal.close().catch(() => undefined);
    }
    if (!cold) throw new Error('no run completed');

    const typed = summary(warm.typed);
    const filled = summary(warm.filled);
    const timesTable: Table = {
      title: `Milliseconds, first painted frame; a fresh browser context per run (empty cache), 1280×900`,
      headers: [
        'run',
        'open / → sign-in form',
        `Log in click → '${DEMO_USER.greeting}', typed`,
        'goal',
        'filled in',
      ],
      rows: [
        [
          'cold (first after server start, typed)',
          ms(cold.signInFormMs),
          ms(cold.clickToHomeMs),
          '',
          '',
        ],
        [
          `median of ${runs}`,
          ms(typed.signInFormMs.median),
          ms(typed.clickToHomeMs.median),
          goal(typed.clickToHomeMs.median <= GOAL_MEDIAN_MS, `≤ ${GOAL_MEDIAN_MS} ms`),
          ms(filled.clickToHomeMs.median),
        ],
        [
          `p90 of ${runs}`,
          ms(typed.signInFormMs.p90),
          ms(typed.clickToHomeMs.p90),
          '',
          ms(filled.clickToHomeMs.p90),
        ],
        ['min', '', ms(typed.clickToHomeMs.min), '', ms(filled.clickToHomeMs.min)],
        ['max', '', ms(typed.clickToHomeMs.max), '', ms(filled.clickToHomeMs.max)],
      ],
    };
    const waterfallTable = (entry: Entry, rows: ReturnType<typeof waterfallOf>): Table => ({
      title: `Requests between the click and the greeting, password ${entry === 'typed' ? 'typed' : 'filled in'}, median ms after the click (${runs} warm runs)`,
      headers: ['request', 'runs', 'starts', 'ends', 'takes'],
      rows: rows.map((w) => [w.label, String(w.runs), ms(w.start), ms(w.end), ms(w.duration)]),
    });
    const assets = (rows: ReturnType<typeof waterfallOf>) =>
      rows.filter((w) => w.label.startsWith('GET assets/')).length;

    return {
      tables: [
        timesTable,
        waterfallTable('typed', typed.waterfall),
        waterfallTable('filled', filled.waterfall),
      ],
      notes: [
        `Time to a signed-in home (Log in click → '${DEMO_USER.greeting}' heading painted), password typed: median ${ms(typed.clickToHomeMs.median)} ms (goal ≤ ${GOAL_MEDIAN_MS} ms with the 200 ms debounce: ${typed.clickToHomeMs.median <= GOAL_MEDIAN_MS ? 'met' : 'NOT met'}), p90 ${ms(typed.clickToHomeMs.p90)} ms over ${runs} runs; cold first run ${ms(cold.clickToHomeMs)} ms. From the sign-in answer to the greeting: median ${ms(typed.signInAnswerToHomeMs.median)} ms. With opening / first: median ${ms(typed.totalMs.median)} ms.`,
        `Password filled in (a password manager; no key pressed, so home's ${assets(filled.waterfall)} files are asked for by the Log in press): median ${ms(filled.clickToHomeMs.median)} ms, p90 ${ms(filled.clickToHomeMs.p90)} ms; from the sign-in answer to the greeting: median ${ms(filled.signInAnswerToHomeMs.median)} ms.`,
        `Measured in the page (an init script's requestAnimationFrame loop, page clock): "open" = navigation start → first frame with the Log in button visible; then the Email is filled and the Password typed (${KEY_DELAY_MS} ms a key; the sign-in screen prefetches home's chunks, catalogue and font from the first key, issue 16) or filled in (not timed); "click → home" = the Log in click event → first frame with the '${DEMO_USER.greeting}' heading visible. It includes the web app's 200 ms debounce before the token exchange (spec 01 §4), the argon2 check in POST /identity/sign-in, the GraphQL queries and whatever of the shell and home chunks is not in yet. The two ways alternate run by run. Playwright's waitFor polls every 500 ms once ~0.3 s have passed, so the times it saw are coarser: click → home median ${ms(typed.playwrightClickToHomeMs)} ms typed, ${ms(filled.playwrightClickToHomeMs)} ms filled in (in latest.json only).`,
        `Build: ${describeBuild(snapshot)}. Server: buildApp in-process serving a copy of it, NODE_ENV=production, PGlite with the demo data (seedDemoData; ${DEMO_USER.email}), rate limits off, ${portal.url}; setup ${Object.entries(
          portal.setupSeconds,
        )
          .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
          .join(', ')}. Chromium ${chromium} (${CHROMIUM_PATH}), headless, same flags as e2e.`,
        `"cold" is the first sign-in after the server started and Chromium launched (server JIT, PGlite caches, browser process); every run, cold or not, starts from an empty HTTP cache. Mean of the warm runs: ${ms(typed.clickToHomeMs.mean)} ms typed, ${ms(filled.clickToHomeMs.mean)} ms filled in.`,
      ],
      data: {
        chromium,
        url: portal.url,
        setupSeconds: portal.setupSeconds,
        builtAt: snapshot.builtAt.toISOString(),
        keyDelayMs: KEY_DELAY_MS,
        goalMs: GOAL_MEDIAN_MS,
        cold,
        // `warm` is the typed runs, the goal's (the same shape as before the filled-in runs).
        warm: typed,
        filled,
      },
    };
  },
};

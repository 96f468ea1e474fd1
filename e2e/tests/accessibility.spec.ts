import { staffAccessToken } from './support-care-team';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accessibilityFindings,
  createAccount,
  DEMO,
  isGraphqlUrl,
  isOperation,
  mailedLink,
  signIn,
  uniqueEmail,
} from './support';
import { bookVisit, createPatient } from './support-customers';

// Issue 9: axe-core (>= 4.14) on every screen at a phone and a desktop width, with the WCAG 2.0,
// 2.1 and 2.2 A/AA rules and axe's best practices, plus WCAG 2.5.3 (label in name), which axe
// ships as an experimental rule and so runs only when asked. No serious or critical finding may
// remain. Then keyboard focus: a visible ring, and the page heading after a route change.

const PASSWORD = 'A11yPass123';

// MUI's transitions become instant, so axe never measures a menu half faded in.
test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 120_000 });

/**
 * Axe and sideways scroll at 390 and 1280 px (or the widths given; support.ts), back to 1280 px
 * after. Soft: one run lists every screen's findings, not only the first screen's.
 */
async function expectNoViolations(
  page: Page,
  screen: string,
  options?: Parameters<typeof accessibilityFindings>[2],
): Promise<void> {
  const findings = await accessibilityFindings(page, screen, options);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect.soft(findings.length, `\n${findings.join('\n\n')}\n`).toBe(0);
}

/** The staff API's token: the demo admin with its second factor (support-care-team.ts). */
const staffToken = (request: APIRequestContext): Promise<string> => staffAccessToken(request);

/** Signs in on / and waits for the home greeting. */
async function signInHome(page: Page, email: string, password: string, greeting: RegExp) {
  await page.goto('/');
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: greeting })).toBeVisible();
}

test('the signed-out screens', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectNoViolations(page, 'sign-in');

  // The failed sign-in alert is part of the screen too.
  await signIn(page, DEMO.alex.email, 'not-the-password');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectNoViolations(page, 'sign-in with an error');

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
  await expectNoViolations(page, 'sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectNoViolations(page, 'sign-up with field errors');

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'forgot-password');

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'reset-password without a code');

  const email = uniqueEmail('a11y-reset');
  await createAccount(request, email, PASSWORD);
  const started = Date.now() - 1000;
  await request.post('/user/reset-password', { data: { email, tenantId: 'portal' } });
  await page.goto(await mailedLink(request, email, { after: started }));
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await expectNoViolations(page, 'reset-password');

  await page.goto('/email-verification');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'email-verification');

  // Spec 01 §2: any other path goes to /, here the sign-in screen.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectNoViolations(page, 'unknown path');

  // A user without a customer record: the empty-account error screen (C108).
  await page.goto('/');
  await signIn(page, DEMO.noCustomer.email, DEMO.noCustomer.password);
  await expect(page.getByText('Error code: C108')).toBeVisible();
  await expectNoViolations(page, 'empty account (C108)');
});

test('home of the established demo customer, the menus and the drawer', async ({ page }) => {
  await signInHome(page, DEMO.alex.email, DEMO.alex.password, /Alex/);
  await expect(page.getByRole('region', { name: 'Messages from your care team' })).toBeVisible();
  await expectNoViolations(page, 'home (established customer)');

  // The avatar's initials are in its button's name and readable on its fill (axe skips text in
  // the colour of its own background).
  const avatar = page.getByRole('button', { name: 'Account menu, AR' }).locator('.MuiAvatar-root');
  await expect(avatar).toHaveText('AR');
  const colours = await avatar.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.color, style.backgroundColor].map((c) =>
      (c.match(/\d+/g) ?? []).slice(0, 3).map(Number),
    );
  });
  expect(contrast(colours[0] ?? [], colours[1] ?? [])).toBeGreaterThanOrEqual(4.5);

  await expectNoViolations(page, 'notifications menu open', {
    prepare: async () => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    },
  });

  await expectNoViolations(page, 'account menu open', {
    prepare: async () => {
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  });

  await expectNoViolations(page, 'mobile drawer open', {
    widths: [390],
    prepare: async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
    },
  });

  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoViolations(page, 'appointments: upcoming');
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
  await expectNoViolations(page, 'appointments: past');
});

test('home of a new customer and the tour', async ({ page, request }) => {
  // A browser driven by automation gets no tour; this test plays a person's browser.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
  });
  const email = uniqueEmail('a11y-new');
  await createAccount(request, email, PASSWORD);
  await signInHome(page, email, PASSWORD, /Robin/);
  const popover = page.locator('.driver-popover');
  await expect(popover).toBeVisible();
  await expectNoViolations(page, 'the tour step');
  while ((await popover.count()) > 0) {
    await popover.getByRole('button', { name: /Next|Done/ }).click();
  }
  await expectNoViolations(page, 'home (new customer)');
});

test('messages list, message detail and its error screens', async ({ page, request }) => {
  const email = uniqueEmail('a11y-messages');
  await createAccount(request, email, PASSWORD);
  await page.goto('/');
  const customerResponse = page.waitForResponse((r) => isOperation(r.request(), 'GetCustomerData'));
  await signIn(page, email, PASSWORD);
  const body = (await (await customerResponse).json()) as { data: { customer: { id: string } } };
  const token = await staffToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const customerId = body.data.customer.id;
  expect(
    (
      await request.put('/staff/flags/one-way-messaging', {
        headers,
        data: { customerId, enabled: true },
      })
    ).ok(),
  ).toBe(true);
  for (const type of ['Dosage update', 'Lab review']) {
    const posted = await request.post(`/staff/customers/${customerId}/messages`, {
      headers,
      data: {
        type,
        html: '<p>Your new dose starts on <b>Monday</b>.</p><!-- section: Side effects --><p>Nausea may happen.</p>',
        notify: { title: 'New message from your care team' },
      },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
  }
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Dosage update/ })).toBeVisible();
  await expectNoViolations(page, 'messages list');

  await page.getByRole('link', { name: /Dosage update/ }).click();
  await expect(page.getByRole('heading', { name: 'Dosage update', level: 1 })).toBeVisible();
  await expectNoViolations(page, 'message detail');
  await page.getByRole('button', { name: 'Side effects' }).click();
  await expectNoViolations(page, 'message detail, section open');

  await page.goto('/messages/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'message not found');

  // A failed load shows the error screen with its code.
  await page.route(isGraphqlUrl, async (route) => {
    if (isOperation(route.request(), 'GetProviderMessages')) await route.abort();
    else await route.fallback();
  });
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: "We couldn't load your messages" })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoViolations(page, 'messages error screen');
  await page.unroute(isGraphqlUrl);

  // The account could not load (spec 01 §8).
  await page.route(isGraphqlUrl, async (route) => {
    if (isOperation(route.request(), 'GetCustomerData')) await route.abort();
    else await route.fallback();
  });
  await page.goto('/appointments');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible({ timeout: 20_000 });
  await expectNoViolations(page, 'account error screen');
  await page.unroute(isGraphqlUrl);
});

test('booking: the slot step and the review', async ({ page, request }) => {
  // Looks at times and cancels: nothing is booked, so a state shared with others is fine.
  const patient = await createPatient(request, { tag: 'a11y-booking', stateCode: 'CO' });
  await page.goto('/book-appointment');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { name: 'Confirm your details' })).toBeVisible();
  await expectNoViolations(page, 'booking: contact details');
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose a time' });
  const firstTime = dialog.getByRole('button', { name: /\d{1,2}:\d{2}\s?(AM|PM)/ }).first();
  await expect(firstTime).toBeVisible();
  await expectNoViolations(page, 'booking: slot step');
  await firstTime.click();
  const review = page.getByRole('dialog', { name: 'Review your visit' });
  await expect(review.getByRole('button', { name: 'Book' })).toBeVisible();
  await expectNoViolations(page, 'booking: review');
});

test('reschedule dialog', async ({ page, request }) => {
  const patient = await createPatient(request, { tag: 'a11y-reschedule', stateCode: 'OR' });
  await bookVisit(request, patient, { days: 4 });
  await page.goto('/appointments');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'Reschedule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
  await expect(dialog.getByRole('group', { name: 'Available days' })).toBeVisible();
  await expectNoViolations(page, 'reschedule dialog');
});

// --- Keyboard focus (WCAG 2.4.3, 2.4.7, 2.4.11) ---

/**
 * What the focused element shows: its own outline, or one a near ancestor draws for it (a
 * checkbox's ring sits on its wrapper, a card's around its stretched title link), or the focused
 * border of an MUI text field. Colours as [r, g, b]; backdrop is the nearest opaque background
 * behind the ring.
 */
async function focusIndicator(page: Page) {
  // Two frames: a style that transitions in (the halo's box-shadow) reads as its start value
  // until a frame has passed, even with reduced motion.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    const labelledBy = active.id ? document.querySelector(`label[for="${active.id}"]`) : null;
    const name = (
      active.getAttribute('aria-label') ??
      labelledBy?.textContent ??
      active.textContent ??
      ''
    ).trim();
    // The element's place in the document tells stops with the same name apart.
    const place = Array.from(document.querySelectorAll('*')).indexOf(active);
    const label = `${active.tagName.toLowerCase()} "${name.slice(0, 40)}" #${place}`;
    if (active.closest('.MuiInputBase-root.Mui-focused')) return { label, kind: 'field' as const };
    let element: HTMLElement | null = active;
    for (let depth = 0; element && depth < 8; depth += 1, element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
        let behind: HTMLElement | null = element.parentElement;
        let backdrop = [255, 255, 255];
        while (behind) {
          const [r = 0, g = 0, b = 0, a = 1] = rgb(getComputedStyle(behind).backgroundColor);
          if (a > 0.5) {
            backdrop = [r, g, b];
            break;
          }
          behind = behind.parentElement;
        }
        return {
          label,
          kind: 'ring' as const,
          width: parseFloat(style.outlineWidth),
          offset: parseFloat(style.outlineOffset),
          color: rgb(style.outlineColor).slice(0, 3),
          fill: rgb(style.backgroundColor).slice(0, 3),
          halo: style.boxShadow,
          backdrop,
        };
      }
    }
    return { label, kind: 'none' as const };
  });
}

function contrast(a: number[], b: number[]): number {
  const luminance = (c: number[]) => {
    const [r = 0, g = 0, bl = 0] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Tabs through the page: every stop shows a focus indicator; a ring is >= 3:1 where it sits. */
async function expectFocusVisibleOnEveryStop(page: Page, screen: string, maxStops = 40) {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    const indicator = await focusIndicator(page);
    if (!indicator) break;
    if (seen.has(indicator.label)) break; // wrapped around
    seen.add(indicator.label);
    if (indicator.kind === 'none') problems.push(`${indicator.label}: no visible focus`);
    if (indicator.kind === 'ring' && contrast(indicator.color, indicator.backdrop) < 3) {
      problems.push(`${indicator.label}: ring under 3:1 against ${indicator.backdrop.join(',')}`);
    }
  }
  expect(seen.size, `${screen}: tab stops`).toBeGreaterThan(3);
  expect.soft(problems, screen).toEqual([]);
}

test('every tab stop shows one clear focus ring, the filled primary button too', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.alex.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.alex.password);
  await expectFocusVisibleOnEveryStop(page, 'sign-in');

  // The filled primary button: a ring apart from the fill (offset, white halo), >= 3:1 on both.
  await page.getByRole('button', { name: 'Log in' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ring = await focusIndicator(page);
  expect(ring?.kind).toBe('ring');
  if (ring?.kind === 'ring') {
    expect(ring.label).toContain('Log in');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.offset).toBeGreaterThanOrEqual(2);
    expect(ring.halo).toContain('rgb(255, 255, 255)');
    expect(contrast(ring.color, [255, 255, 255])).toBeGreaterThanOrEqual(3);
    expect(contrast(ring.color, ring.backdrop)).toBeGreaterThanOrEqual(3);
    expect(ring.color).not.toEqual(ring.fill);
  }
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Alex/ })).toBeVisible();
  await expectFocusVisibleOnEveryStop(page, 'home', 60);

  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open (unread )?message/ }).first()).toBeVisible();
  await expectFocusVisibleOnEveryStop(page, 'messages', 60);

  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('navigation')).toBeVisible();
  await expectFocusVisibleOnEveryStop(page, 'mobile drawer');
});

test('after a route change focus is on the new page heading; not on load', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  // The skip link is the first stop and goes to main.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  await expect(page.getByRole('heading', { level: 1, name: /Alex/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  // A click on a nav link.
  await nav.getByRole('link', { name: 'Appointments' }).click();
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeFocused();
  // The keyboard: the next Tab goes on from the heading into the page, not back to the top.
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => {
    const main = document.querySelector('main');
    return Boolean(main && document.activeElement && main.contains(document.activeElement));
  });
  expect(next, 'the stop after the heading is in main').toBe(true);

  await nav.getByRole('link', { name: /Messages/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeFocused();

  // A menu item: the closing menu hands focus back to its button, then the heading takes it.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Manage account' }).click();
  await expect(page.getByRole('heading', { name: 'Manage account', level: 1 })).toBeFocused();

  // The phone drawer.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Alex/ })).toBeFocused();

  // A fresh load of a page: focus stays at the top of the document.
  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});

import { staffAccessToken } from './support-care-team';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createAccount,
  expectAccessible,
  isOperation,
  shoot,
  signIn,
  uniqueEmail,
} from './support';

// Issue 4: home, the notifications bell, one-way provider messages and live updates. Each test
// makes its own customer, and the care team acts through the staff API.

const PASSWORD = 'E2ePass123';
const SHOTS_DIR = process.env.SHOTS_DIR;

/** The staff API's token: the demo admin with its second factor (support-care-team.ts). */
const staffToken = (request: APIRequestContext): Promise<string> => staffAccessToken(request);

interface Customer {
  id: string;
  token: string;
  request: APIRequestContext;
}

/** A fresh customer, signed in on `page`, with the one-way-messaging flag on. */
async function freshCustomer(page: Page, request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  await createAccount(request, email, PASSWORD);
  await page.goto('/');
  const customerResponse = page.waitForResponse((r) => isOperation(r.request(), 'GetCustomerData'));
  await signIn(page, email, PASSWORD);
  const body = (await (await customerResponse).json()) as { data: { customer: { id: string } } };
  const customer: Customer = {
    id: body.data.customer.id,
    token: await staffToken(request),
    request,
  };
  const flag = await request.put('/staff/flags/one-way-messaging', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { customerId: customer.id, enabled: true },
  });
  expect(flag.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();
  return customer;
}

async function postMessage(customer: Customer, data: Record<string, unknown>) {
  const response = await customer.request.post(`/staff/customers/${customer.id}/messages`, {
    headers: { authorization: `Bearer ${customer.token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function raiseNotification(customer: Customer, data: Record<string, unknown>) {
  const response = await customer.request.post(`/staff/customers/${customer.id}/notifications`, {
    headers: { authorization: `Bearer ${customer.token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.use({ viewport: { width: 1280, height: 900 } });
// Each test signs a new customer up and checks several screens at two widths.
test.describe.configure({ timeout: 120_000 });

test('a care-team message arrives live and the unread badge goes down once it is opened', async ({
  page,
  request,
}) => {
  const customer = await freshCustomer(page, request, 'live');
  const messagesLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: /Messages/,
  });
  await expect(page.getByText('No messages yet. Your care team will write here.')).toBeVisible();

  // No reload from here on: the message must come over the websocket.
  await postMessage(customer, {
    type: 'Dosage update',
    html: '<p>Your new dose starts on <b>Monday</b>.</p><!-- section: Side effects --><p>Nausea may happen in the first week.</p>',
    notify: { title: 'New message from your care team' },
  });
  const card = page.getByRole('region', { name: 'Messages from your care team' });
  await expect(card.getByText('Dosage update')).toBeVisible();
  await expect(card.getByText('1 unread')).toBeVisible();
  await expect(messagesLink).toContainText('1');
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expectAccessible(page, 'home');
  await shoot(page, 'home');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const bell = page.getByRole('dialog', { name: 'Notifications' });
    await expect(bell.getByText('New message from your care team')).toBeVisible();
    if (SHOTS_DIR)
      await page.screenshot({
        path: `${SHOTS_DIR}/bell-open-${width}.png`,
        animations: 'disabled',
      });
    await page.keyboard.press('Escape');
    await expect(bell).toBeHidden();
  }

  await messagesLink.click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Open unread message: Dosage update' }),
  ).toBeVisible();
  await expectAccessible(page, 'messages');
  await shoot(page, 'messages-list');

  await page.getByRole('link', { name: 'Open unread message: Dosage update' }).click();
  await expect(page.getByRole('heading', { name: 'Dosage update', level: 1 })).toBeVisible();
  await expect(page.getByText('Your new dose starts on')).toBeVisible();
  await page.getByRole('button', { name: 'Side effects' }).click();
  await expect(page.getByText('Nausea may happen in the first week.')).toBeVisible();
  await expect(messagesLink).not.toContainText('1');
  await expectAccessible(page, 'message detail');
  await shoot(page, 'message-detail');

  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog', { name: 'Questions about this message?' })).toBeVisible();
});

test('a message carrying a script and an onerror handler shows as text and runs nothing', async ({
  page,
  request,
}) => {
  const customer = await freshCustomer(page, request, 'xss');
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await postMessage(customer, {
    type: 'Lab follow-up',
    html: '<p>Safe words</p><script>window.__pwned = 1; alert(1)</script><img src="x" onerror="window.__pwned = 2; alert(2)"><a href="javascript:alert(3)">link</a>',
  });
  await page
    .getByRole('region', { name: 'Messages from your care team' })
    .getByRole('link', {
      name: 'Open message',
    })
    .click();
  await expect(page.getByRole('heading', { name: 'Lab follow-up', level: 1 })).toBeVisible();
  await expect(page.getByText('Safe words')).toBeVisible();
  // The javascript: link loses its href, so it is plain text.
  await expect(page.getByRole('article').getByText('link', { exact: true })).toBeVisible();
  expect(await page.locator('article a[href^="javascript"]').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('article script, article [onerror]').count()).toBe(0);
  expect(dialogs).toBe(0);
});

test('a lab-result notification opens /labs and is marked read', async ({ page, request }) => {
  const customer = await freshCustomer(page, request, 'lab');
  await raiseNotification(customer, {
    type: 'lab_result_received_v1',
    title: 'Your lab results are in',
    message: 'Your metabolic panel results are ready.',
  });
  await expect(page.getByText('Your lab results are in')).toBeVisible();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'View lab results' })
    .click();
  await expect(page).toHaveURL(/\/labs$/);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: 'Mark as read' }),
  ).toHaveCount(0);
});

test('the tour shows each step once', async ({ page, request }) => {
  await freshCustomer(page, request, 'tour');
  // A browser driven by automation gets no tour; from here this test plays a person's browser.
  // (Set after the sign-in: a tour started during it could mark its first step seen before
  // freshCustomer's reload, and the reloaded page would then start at the second step.)
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
  });
  // With motion, as most people's browsers: the suite's default is reduced motion
  // (playwright.config.ts), and the tour animates otherwise.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();
  const popover = page.locator('.driver-popover');
  await expect(popover.getByText('Welcome to your portal')).toBeVisible();
  const steps = [
    'Welcome to your portal',
    'Messages from your care team',
    'Notifications',
    'Everything in one place',
  ];
  for (const [index, title] of steps.entries()) {
    await expect(popover.locator('.driver-popover-title')).toHaveText(title);
    const last = index === steps.length - 1;
    await popover.getByRole('button', { name: last ? 'Done' : 'Next' }).click();
  }
  await expect(popover).toHaveCount(0);

  // Seen steps stay seen: a reload shows no tour.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();
  await page.waitForTimeout(1200);
  await expect(popover).toHaveCount(0);

  // And it is destroyed on leaving / (an in-app navigation, not a page load).
  await page.evaluate(() => localStorage.removeItem('portal.tour.seen-steps'));
  await page.goto('/messages');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(popover).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(popover).toHaveCount(0);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONFIGURED_SERVER } from './configured-server';
import { DEMO, expectAccessible, isGraphqlUrl, isOperation, signIn } from './support';

// Issue 9: the help center (SUPPORT_URL), the chat widget (CHAT_WIDGET_URL) and Google sign-in
// for a signed-out visitor, against the real server: the configured second server has them,
// the default server has none of them.

const CONFIGURED = CONFIGURED_SERVER.url;

/** Answers the chat widget's script with a stand-in that adds a button, as a vendor's would. */
async function serveChatWidget(page: Page): Promise<{ requests: () => number }> {
  let requests = 0;
  await page.route(CONFIGURED_SERVER.chatWidgetUrl, (route) => {
    requests += 1;
    return route.fulfill({
      contentType: 'text/javascript',
      body: `
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Chat with us';
        button.setAttribute('data-chat-widget', '');
        button.style.cssText = 'position:fixed;left:16px;bottom:16px;z-index:1000';
        document.body.appendChild(button);
      `,
    });
  });
  return { requests: () => requests };
}

/** The support form link's query, after checking it opens the configured help center. */
function expectSupportForm(href: string | null): URLSearchParams {
  const url = new URL(href ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(CONFIGURED_SERVER.supportUrl);
  expect(url.searchParams.get('source')).toBe('patient_portal');
  return url.searchParams;
}

async function hrefOf(locator: Locator): Promise<string | null> {
  await expect(locator).toBeVisible();
  return locator.getAttribute('href');
}

test.describe('with SUPPORT_URL and CHAT_WIDGET_URL set', () => {
  test.use({ baseURL: CONFIGURED });

  test('support links and the chat widget everywhere but the hidden paths', async ({ page }) => {
    const widget = await serveChatWidget(page);
    const chat = page.getByRole('button', { name: 'Chat with us' });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(chat).toBeVisible();
    await signIn(page, DEMO.alex.email, DEMO.alex.password);
    await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();
    await expect(chat).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    const fromMenu = expectSupportForm(
      await hrefOf(page.getByRole('menuitem', { name: 'Support center' })),
    );
    expect(fromMenu.get('requester_email')).toBe(DEMO.alex.email);
    expect(fromMenu.get('requester_name')).toBeTruthy();
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    expectSupportForm(await hrefOf(drawer.getByRole('link', { name: 'Support center' })));
    await drawer.getByRole('link', { name: 'Messages' }).click();

    // Spec 01 §1: hidden on /message… (and /bulk-payment, /forms, /henryForms).
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(chat).toBeHidden();
    await page
      .getByRole('link', { name: /^Open (unread )?message:/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Questions about this message?' });
    const fromHelp = expectSupportForm(
      await hrefOf(help.getByRole('link', { name: 'Submit a request' })),
    );
    expect(fromHelp.get('category')).toBe('messages');
    expect(fromHelp.get('description')).toMatch(/^I need help with the page \/messages\//);
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(chat).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();
    await expect(chat).toBeVisible();
    // One script, loaded once for the whole visit.
    expect(widget.requests()).toBe(1);
  });

  test("an alert's contact link opens the prefilled support form", async ({ page }) => {
    await serveChatWidget(page);
    // The appointments list fails to load: A100 (spec 01 §8), which has a support category.
    await page.route(isGraphqlUrl, async (route) => {
      if (isOperation(route.request(), 'GetAppointmentsByCustomer')) {
        return route.fulfill({
          json: { data: null, errors: [{ message: 'down', extensions: { code: 'A100' } }] },
        });
      }
      return route.fallback();
    });
    await page.goto('/appointments');
    await signIn(page, DEMO.alex.email, DEMO.alex.password);
    const alert = page.getByRole('alert').filter({ hasText: '(Code A100)' });
    await alert.getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact support' });
    const query = expectSupportForm(
      await hrefOf(dialog.getByRole('link', { name: 'Open the support form' })),
    );
    expect(query.get('category')).toBe('appointments');
    expect(query.get('subject')).toBe('Help with error A100');
    expect(query.get('description')).toBe('I saw error A100 on the page /appointments.');
    expect(query.get('requester_email')).toBe(DEMO.alex.email);
  });

  test('a customer-load failure shows A101 with a help-request link; so does C108', async ({
    page,
  }) => {
    await serveChatWidget(page);
    await page.route(isGraphqlUrl, async (route) => {
      if (isOperation(route.request(), 'GetCustomerData')) {
        return route.fulfill({ status: 502, body: 'Bad gateway' });
      }
      return route.fallback();
    });
    await page.goto('/');
    await signIn(page, DEMO.alex.email, DEMO.alex.password);
    await expect(
      page.getByRole('heading', { name: "We couldn't load your account" }),
    ).toBeVisible();
    await expect(page.getByText('Error code: A101')).toBeVisible();
    const failure = expectSupportForm(
      await hrefOf(page.getByRole('link', { name: 'Submit a help request' })),
    );
    expect(failure.get('subject')).toBe('Help with error A101');
    await expectAccessible(page, 'account fetch error');
    await page.getByRole('button', { name: 'Log out' }).click();

    await page.unroute(isGraphqlUrl);
    await signIn(page, DEMO.noCustomer.email, DEMO.noCustomer.password);
    await expect(page.getByText('Error code: C108')).toBeVisible();
    const empty = expectSupportForm(
      await hrefOf(page.getByRole('link', { name: 'Submit a help request' })),
    );
    expect(empty.get('subject')).toBe('Help with error C108');
    expect(empty.get('category')).toBe('account');
  });

  test("a signed-out visitor gets the flag table's default: google-sso on shows Google", async ({
    page,
    request,
  }) => {
    await serveChatWidget(page);
    const flag = await request.put('/staff/flags/google-sso', {
      headers: { authorization: `Bearer ${CONFIGURED_SERVER.staffApiKey}` },
      data: { enabled: true },
    });
    expect(flag.ok(), await flag.text()).toBe(true);

    await page.goto('/');
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await expect(google).toBeVisible();
    expect(new URL((await google.getAttribute('href')) ?? '', CONFIGURED).pathname).toBe(
      '/identity/google/start',
    );
    await expectAccessible(page, 'sign-in with Google');
  });
});

test.describe('without SUPPORT_URL and CHAT_WIDGET_URL (the default server)', () => {
  test('no support links, no chat widget, no Google button', async ({ page }) => {
    let chatRequests = 0;
    await page.route('http://chat.e2e.invalid/**', (route) => {
      chatRequests += 1;
      return route.abort();
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
    await signIn(page, DEMO.alex.email, DEMO.alex.password);
    await expect(page.getByRole('heading', { name: 'Hi, Alex' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Support center' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/messages');
    await page
      .getByRole('link', { name: /^Open (unread )?message:/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Questions about this message?' });
    await expect(help.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(help.getByRole('link', { name: 'Submit a request' })).toHaveCount(0);

    await expect(page.locator('script#portal-chat-widget')).toHaveCount(0);
    expect(chatRequests).toBe(0);
  });
});

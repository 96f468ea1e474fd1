import { expect, test } from '@playwright/test';
import { expectAccessible, shoot, signIn } from './support';
import { createNewcomer, giveTreatment, raiseNotification } from './support-customers';

// Issue 9: a first-time customer's home, and the layout banners on every page. Each test
// signs a customer of its own up; the care team acts through the staff API.

test.use({ viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 90_000 });

test('a brand-new customer is greeted as new, sees one next step and no referral module', async ({
  page,
  request,
}) => {
  const newcomer = await createNewcomer(request, 'first-home');
  await page.goto('/');
  await signIn(page, newcomer.email, newcomer.password);

  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();
  await expect(page.getByText(/Welcome to your care portal/)).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  const step = page.getByRole('region', { name: 'Start your intake' });
  await expect(step).toBeVisible();
  await expect(step.getByRole('link', { name: 'Start intake' })).toBeVisible();
  await expect(page.getByText('Your next step')).toHaveCount(1);

  // The demo turns the referral program on; without a plan the customer is not eligible.
  const modules = page.getByRole('region', { name: 'Your care' });
  await expect(modules.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(modules.getByRole('heading', { name: 'Refer a friend' })).toHaveCount(0);
  await expect(modules.getByRole('heading', { name: 'Orders and prescriptions' })).toHaveCount(0);
  await expectAccessible(page, 'first-time home');
  await shoot(page, 'home-first-visit');

  await page.goto('/referrals');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();

  // With a plan and no visit yet, the one next step is the first visit; referrals apply now.
  await giveTreatment(request, newcomer.customerId);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Book your first visit' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Start your intake' })).toHaveCount(0);
  await expect(page.getByText('Your next step')).toHaveCount(1);
  await expect(modules.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  // Home has been seen: this visit is not greeted as the first any more.
  await expect(page.getByText(/Welcome to your care portal/)).toHaveCount(0);
});

test('the regulation and plan-expiration banners sit above the content of every page, aligned with it', async ({
  page,
  request,
}) => {
  const newcomer = await createNewcomer(request, 'banners');
  await raiseNotification(request, newcomer.customerId, {
    type: 'banner_regulation_message_v1',
    title: 'Regulation update',
    message: 'New pharmacy rules apply from next month.',
  });
  await raiseNotification(request, newcomer.customerId, {
    type: 'action_required_contract_expire_v1',
    title: 'Your plan ends soon',
    message: 'Your plan ends soon. Choose how to continue in Billing.',
    severity: 'warning',
  });
  await page.goto('/');
  await signIn(page, newcomer.email, newcomer.password);
  await expect(page.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Appointments' })
    .click();
  const heading = page.getByRole('heading', { name: 'Appointments', level: 1 });
  await expect(heading).toBeVisible();
  const notice = page.getByRole('region', { name: 'Important notice' });
  const plan = page.getByRole('region', { name: 'Plan expiration' });
  await expect(notice.getByText('New pharmacy rules apply from next month.')).toBeVisible();
  await expect(
    plan.getByText('Your plan ends soon. Choose how to continue in Billing.'),
  ).toBeVisible();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Read once the page has laid itself out for the new width (the frame's padding follows a
    // media query, re-rendered a frame or more after the resize): the boxes are polled.
    const boxes = async () => ({
      alert: (await notice.getByRole('alert').boundingBox())!,
      content: (await heading.boundingBox())!,
      main: (await page.getByRole('main').boundingBox())!,
    });
    // Above the content, and its left edge on the content's left edge.
    await expect
      .poll(async () => {
        const { alert, main } = await boxes();
        return alert.y + alert.height - main.y;
      })
      .toBeLessThanOrEqual(1);
    await expect
      .poll(
        async () => {
          const { alert, content } = await boxes();
          return Math.abs(alert.x - content.x);
        },
        { message: `left edges at ${width}px` },
      )
      .toBeLessThan(2);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'appointments with banners');
  await shoot(page, 'appointments-banners');

  await notice.getByRole('button', { name: 'Dismiss Important notice' }).click();
  await expect(notice).toHaveCount(0);
  await plan.getByRole('button', { name: 'Dismiss Plan expiration' }).click();
  await expect(plan).toHaveCount(0);
  // Both stay dismissed on the next page load.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('region', { name: 'Important notice' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plan expiration' })).toHaveCount(0);
});

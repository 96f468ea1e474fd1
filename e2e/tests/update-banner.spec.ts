import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

test('the update banner appears when the served version changes', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Update available' });
  await expect(banner).toBeHidden();

  // A deploy: the server now answers a newer version; the next 120-second check sees it.
  await page.route('**/version.json', (route) => route.fulfill({ json: { version: '9.9.9' } }));
  await page.clock.fastForward('02:00');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('A new version of the portal is available.');
  await expectAccessible(page, 'update banner');

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(banner).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Refresh' }).click();
  await reloaded;
});

import { expect, test, type Page } from '@playwright/test';
import { accessibilityFindings, shoot } from './support';
import { newConsoleAccount, signInToConsole } from './support-care-team';

// Issue 41, providers' hours: the demo admin opens Providers in the console, a provider's page,
// adds time off and removes it again. The time off is 200 days ahead, beyond the booking
// window, so no other spec's booking meets it. That the booking dialog follows at once is the
// server's test (apps/server/src/modules/staff/provider-hours.int.test.ts).

test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 180_000 });

async function accessibleAtBothWidths(page: Page, screen: string): Promise<void> {
  const findings = await accessibilityFindings(page, screen);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect.soft(findings.length, `\n${findings.join('\n\n')}\n`).toBe(0);
}

/** yyyy-MM-ddTHH:mm, `days` from today, as a datetime-local field takes it. */
function localInput(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

test('an admin adds time off for a provider and removes it', async ({ page, request }) => {
  const reason = `Conference ${String(Date.now() % 1_000_000)}`;
  await signInToConsole(page, await newConsoleAccount(request, 'admin'));

  await page.getByRole('link', { name: 'Providers' }).first().click();
  await expect(page.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Providers and their hours' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await accessibleAtBothWidths(page, 'care providers');
  await shoot(page, 'care-providers');

  const first = table.getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save hours' })).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill(localInput(200, 9));
  await page.getByLabel('To', { exact: true }).fill(localInput(200, 12));
  await page.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
  await page.getByRole('button', { name: 'Add time off' }).click();
  await expect(
    page.getByText('Time off added. Those times can no longer be booked.'),
  ).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Planned time off' })
    .getByRole('row', { name: new RegExp(reason) });
  await expect(row).toBeVisible();
  await accessibleAtBothWidths(page, 'care provider');
  await shoot(page, 'care-provider');

  await row.getByRole('button', { name: /Remove time off from/ }).click();
  await expect(page.getByText('Time off removed.')).toBeVisible();
  await expect(page.getByText(reason)).toHaveCount(0);
});

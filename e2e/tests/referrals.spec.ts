import { staffAccessToken } from './support-care-team';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createPatient } from './support-customers';
import { expectAccessible, mailedLink, shoot, signIn, uniqueEmail } from './support';

// Issue 13, referrals, as a new customer would use them: the care team turns the program on for
// them (staff API), they open /referrals, invite two friends (one address mistyped), see the
// mistyped one marked, the pending count rise, and the friend get a sign-up link by mail.

async function enableReferrals(request: APIRequestContext, customerId: string): Promise<void> {
  // The demo admin with its second factor (support-care-team.ts): flags are admin-only.
  const access_token = await staffAccessToken(request);
  const response = await request.put('/staff/flags/referral_program', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { customerId, enabled: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('an eligible customer invites two friends, one with an invalid address', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request, { tag: 'referrer', stateCode: 'CA' });
  await enableReferrals(request, patient.customerId);

  await page.goto('/referrals');
  await signIn(page, patient.email, patient.password);
  await expect(page.getByRole('heading', { name: 'Refer a friend', level: 1 })).toBeVisible();
  const pending = page.getByRole('heading', { name: 'Pending' }).locator('..');
  await expect(pending).toContainText('0');
  await expect(page.getByText(/haven't invited anyone yet/)).toBeVisible();
  await expectAccessible(page, 'referrals (empty)');
  await shoot(page, 'referrals-empty');

  const friend = uniqueEmail('friend');
  const input = page.getByLabel("Friends' email addresses");
  await input.fill(friend);
  await input.press('Enter');
  await input.fill('friend-at-example.com');
  await input.press('Tab');
  const chips = page.getByRole('list', { name: 'Emails to invite' }).getByRole('listitem');
  await expect(chips).toHaveCount(2);
  await expect(page.getByText('friend-at-example.com: Email invalid')).toBeVisible();
  await expectAccessible(page, 'referrals (chips)');
  await shoot(page, 'referrals-chips');

  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(
    page.getByText('Your invitations are on their way.', { exact: false }),
  ).toBeVisible();
  await expect(pending).toContainText('1');
  // The valid one went; the invalid one stays, marked, to be fixed.
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText('friend-at-example.com');
  const invitations = page.getByRole('region', { name: 'Your invitations' }).getByRole('listitem');
  await expect(invitations).toHaveCount(1);
  await expect(invitations.first()).toContainText(friend);
  await expect(invitations.first()).toContainText('Pending');
  await shoot(page, 'referrals-sent');

  // The friend gets a sign-up link.
  const link = await mailedLink(request, friend, { contains: '/sign-up' });
  expect(link).toContain('/sign-up?');

  // The FAQ opens section by section.
  await page.getByRole('button', { name: 'What do I get?' }).click();
  await expect(page.getByText(/\$50 credit for each friend/)).toBeVisible();
  await expectAccessible(page, 'referrals (faq open)');
});

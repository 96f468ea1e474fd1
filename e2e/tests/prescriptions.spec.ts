import { staffAccessToken } from './support-care-team';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, expectAccessible, isOperation, signIn } from './support';

// Issue 10, as alex would use it: Prescriptions with the shipping tracker moving live when the
// care team posts a carrier scan, the prescription details with the dose in mg and syringe
// units, and a lab result downloaded as a PDF. The care team acts through the staff API.

/** The staff API's token: the demo admin with its second factor (support-care-team.ts). */
const staffToken = (request: APIRequestContext): Promise<string> => staffAccessToken(request);

async function staffPost<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs alex in on `page` and answers alex's customer id (from the portal's own read). */
async function signInAlex(page: Page): Promise<string> {
  await page.goto('/');
  const customerResponse = page.waitForResponse((r) => isOperation(r.request(), 'GetCustomerData'));
  await signIn(page, DEMO.alex.email, DEMO.alex.password);
  const body = (await (await customerResponse).json()) as { data: { customer: { id: string } } };
  await expect(page.getByRole('heading', { name: `Hi, ${DEMO.alex.greetingName}` })).toBeVisible();
  return body.data.customer.id;
}

function currentStep(card: Locator): Locator {
  return card.getByRole('list', { name: 'Shipment progress' }).locator('li[aria-current="step"]');
}

test('the tracker moves live when the care team posts "Out for Delivery"', async ({
  page,
  request,
}) => {
  const customerId = await signInAlex(page);
  // A refill of this test's own, so a retry starts again at Shipped.
  const kitName = `GLP-1 refill ${Date.now()}`;
  const token = await staffToken(request);
  const { id: prescriptionId } = await staffPost<{ id: string }>(
    request,
    token,
    `/staff/customers/${customerId}/prescriptions`,
    {
      treatmentShortId: 'weightmanagement',
      status: 'received',
      notify: false,
      kits: [
        {
          catalogName: 'Semaglutide (compounded) 2.5 mg/ml',
          kitName,
          directions: 'Inject 0.25 mg under the skin once a week.',
          quantity: 1,
          strength: '2.5 mg/ml',
          form: 'injectable vial',
          volumeMl: 2.5,
          weeklyDoseMg: 0.25,
        },
      ],
    },
  );
  const { id: shipmentId } = await staffPost<{ id: string }>(
    request,
    token,
    `/staff/prescriptions/${prescriptionId}/shipments`,
    { carrier: 'ups', trackingNumber: `1ZE2E${Date.now()}` },
  );
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  await staffPost(request, token, `/staff/shipments/${shipmentId}/events`, {
    events: [
      { status: 'Processed', occurredAt: hoursAgo(30), message: 'Pharmacy received it' },
      { status: 'Label Created', occurredAt: hoursAgo(20) },
      { status: 'In Transit', occurredAt: hoursAgo(4), location: 'Oakland, CA' },
    ],
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Prescriptions' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prescriptions' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: kitName });
  await expect(currentStep(card)).toHaveText('Shipped (current step)');
  await expect(card.getByRole('link', { name: /Track with UPS/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.ups\.com\/track\?tracknum=1ZE2E\d+$/,
  );

  // No reload from here on: a marker on window would not survive one.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await staffPost(request, token, `/staff/shipments/${shipmentId}/events`, {
    events: [{ status: 'Out for Delivery', occurredAt: new Date().toISOString() }],
  });
  await expect(currentStep(card)).toHaveText('Out for Delivery (current step)');
  await expect(card.getByLabel('Status: Out for Delivery')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );

  await card.getByRole('button', { name: 'Show shipment history' }).click();
  const history = card.getByRole('list', { name: 'Shipment history' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').first()).toContainText('Processed');
  await expect(history.getByRole('listitem').last()).toContainText('Out for delivery');
});

test('rx details shows the weekly dose in syringe units beside mg, and its resources', async ({
  page,
  request,
}) => {
  await signInAlex(page);
  await page.goto('/prescriptions');
  const inTransit = page.getByRole('article').filter({ hasText: 'USPS' }).first();
  await expect(currentStep(inTransit)).toBeVisible();
  await expectAccessible(page, 'prescriptions');

  await inTransit
    .getByRole('link', { name: 'View details of Semaglutide (compounded) 2.5 mg/ml' })
    .click();
  await expect(page).toHaveURL(/\/rx-details$/);
  const dosing = page.getByRole('region', { name: 'Dosing instructions' });
  await expect(dosing.getByText('0.25 mg = 10 units')).toBeVisible();
  await expect(dosing.getByText('on a U-100 syringe at 2.5 mg/ml')).toBeVisible();
  await page.getByRole('button', { name: 'Prescription details' }).click();
  await expect(page.getByText('Alejandro Rivera')).toBeVisible();
  const resources = page.getByRole('region', { name: 'Resources' });
  const image = resources.getByRole('img', { name: 'A 2.5 ml semaglutide vial with its label' });
  await expect(image).toBeVisible();
  // Visible is not loaded: wait for the picture itself (a busy machine loads it late).
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const guide = resources.getByRole('link', { name: /GLP-1 dosing guide/ });
  const pdf = await request.get((await guide.getAttribute('href'))!);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page, 'rx details');

  // Without the prescription handed over (a new visit, not a reload), back to the list.
  await page.goto('/labs');
  await page.goto('/rx-details');
  await expect(page).toHaveURL(/\/prescriptions$/);
});

test('alex downloads a lab result and gets a PDF', async ({ page }) => {
  await signInAlex(page);
  await page.goto('/labs');
  await expect(page.getByRole('heading', { level: 1, name: 'Lab results' })).toBeVisible();
  const titles = page.getByRole('article').getByRole('heading');
  await expect(titles.first()).toHaveText('Lipid panel and a1c');
  await page.getByRole('button', { name: 'Oldest' }).click();
  await expect(titles.first()).toHaveText('Comprehensive metabolic panel');
  await expectAccessible(page, 'labs');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Lipid panel and a1c' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('lipid-panel-and-a1c.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(/C105/)).toHaveCount(0);
});

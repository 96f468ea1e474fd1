import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, isOperation, shoot, signIn } from './support';
import { setCustomerFlag } from './support-api';
import { staffAccessToken } from './support-care-team';
import { createNewcomer, giveBilledPlan, staffPost } from './support-customers';

// Issue 44 in the browser. Spec 02 §9: with the dosing_guide_route flag on, a weight-loss
// prescription's dosing PDF gives way to the portal's own GLP-1 dosing guide
// (/bulk-dosage-guide), but "the phentermine monthly plan is excluded": phentermine is weight
// loss without being a GLP-1, so its patients keep their PDF.

const GLP1_PDF = 'GLP-1 dosing guide (PDF)';
const PHENTERMINE_PDF = 'Phentermine dosing guide (PDF)';
const LOCAL_GUIDE = 'Open the GLP-1 dosing guide';

/** A customer of the test's own on a monthly plan, the flag on, and one prescription with a PDF. */
async function patientWithPrescription(
  request: APIRequestContext,
  tag: string,
  rx: { treatmentShortId: string; catalogName: string; pdf: string },
) {
  const me = await createNewcomer(request, tag);
  await giveBilledPlan(request, me.customerId, {
    treatmentShortId: rx.treatmentShortId,
    contractLength: 1,
  });
  const staff = await staffAccessToken(request);
  await setCustomerFlag(request, staff, me.customerId, 'dosing_guide_route', true);
  await staffPost(request, `/staff/customers/${me.customerId}/prescriptions`, {
    treatmentShortId: rx.treatmentShortId,
    status: 'received',
    notify: false,
    kits: [
      {
        catalogName: rx.catalogName,
        kitName: `${rx.catalogName} monthly`,
        directions: 'As your provider explained.',
        quantity: 1,
        form: rx.treatmentShortId === 'phentermine' ? 'tablet' : 'injectable vial',
      },
    ],
    mediaAssets: [
      { src: '/media/glp1-dosing-guide.pdf', altText: rx.pdf, mimeType: 'application/pdf' },
    ],
  });
  return me;
}

/** Opens the prescription's details from the list, once the swap's plans have been read. */
async function openResources(page: Page, catalogName: string) {
  const plans = page.waitForResponse((r) => isOperation(r.request(), 'GetDosingGuidePlans'));
  await page.goto('/prescriptions');
  await page.getByRole('link', { name: `View details of ${catalogName}` }).click();
  await expect(page).toHaveURL(/\/rx-details$/);
  expect((await plans).ok()).toBe(true);
  const resources = page.getByRole('region', { name: 'Resources' });
  await expect(resources).toBeVisible();
  return resources;
}

test('on a GLP-1 plan the dosing PDF gives way to the GLP-1 dosing guide (flag dosing_guide_route)', async ({
  page,
  request,
}) => {
  test.slow();
  const catalogName = 'Semaglutide (compounded) 2.5 mg/ml';
  const me = await patientWithPrescription(request, 'dosing-swap', {
    treatmentShortId: 'weightmanagement',
    catalogName,
    pdf: GLP1_PDF,
  });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const resources = await openResources(page, catalogName);
  const guide = resources.getByRole('link', { name: LOCAL_GUIDE });
  await expect(guide).toHaveAttribute('href', '/bulk-dosage-guide');
  await expect(resources.getByRole('link', { name: new RegExp(GLP1_PDF) })).toHaveCount(0);
  await expectAccessible(page, 'rx details, dosing guide swapped');
  await shoot(page, 'dosing-guide-swapped');
  await guide.click();
  await expect(page.getByRole('heading', { name: 'Bulk dosage guide', level: 1 })).toBeVisible();
});

test('on the phentermine monthly plan the dosing PDF stays (spec 02 §9 exclusion)', async ({
  page,
  request,
}) => {
  test.slow();
  const catalogName = 'Phentermine 37.5 mg tablets';
  const me = await patientWithPrescription(request, 'dosing-phentermine', {
    treatmentShortId: 'phentermine',
    catalogName,
    pdf: PHENTERMINE_PDF,
  });
  await page.goto('/');
  await signIn(page, me.email, me.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const resources = await openResources(page, catalogName);
  const pdf = resources.getByRole('link', { name: `${PHENTERMINE_PDF} (opens in a new tab)` });
  await expect(pdf).toBeVisible();
  const file = await request.get((await pdf.getAttribute('href'))!);
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(resources.getByRole('link', { name: LOCAL_GUIDE })).toHaveCount(0);
  await expectAccessible(page, 'rx details, phentermine PDF');
  await shoot(page, 'dosing-guide-phentermine');
});

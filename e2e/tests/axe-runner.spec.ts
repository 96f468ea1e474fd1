import { expect, test } from '@playwright/test';
import { accessibilityFindings } from './support';

// The suite's axe check (support.ts injects axe-core once per document) finds what it should: a
// violation in the page, one in a same-origin frame of a document rewritten in place, and
// nothing on a clean page. Static pages on the server's origin, no sign-in.

const page = (body: string) =>
  `<html lang="en"><head><title>axe</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;

test('the axe check finds a violation in the page and in a frame, and passes a clean page', async ({
  page: tab,
}) => {
  await tab.goto('/healthz');
  await tab.setContent(page('<img src="data:,">'));
  expect((await accessibilityFindings(tab, 'image')).join('\n')).toContain('image-alt (critical)');

  const frame = '<html lang=en><body><img src=data:,></body></html>';
  await tab.setContent(page(`<iframe title="framed" srcdoc="${frame}"></iframe>`));
  await expect(tab.frameLocator('iframe').locator('img')).toHaveCount(1);
  expect((await accessibilityFindings(tab, 'framed image')).join('\n')).toContain('image-alt');

  await tab.setContent(page('<p>Nothing wrong here.</p>'));
  expect(await accessibilityFindings(tab, 'clean')).toEqual([]);
});

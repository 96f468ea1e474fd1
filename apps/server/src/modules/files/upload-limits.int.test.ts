import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/files';
import { formDefinitions, formResponses } from '../../db/schema/forms';
import { auditLog } from '../../db/schema/platform';
import { callerFor, type Caller } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createStaffUser, staffCall, staffTokenFor } from '../../../test/messaging-helpers';
import { UPLOAD_CLEANUP_EVERY_MS } from '../forms/upload-cleanup';
import { UNATTACHED_UPLOAD_TTL_MS, UPLOAD_QUOTA } from './service';

// Issue 45, uploads: a customer's uploads are held to a quota (files and bytes a day, fired
// together as real concurrent PUTs), uploads nothing uses are removed after a day by a
// scheduled job, and a file is served only while its bytes are still what its row says, so
// the care team never opens something other than the image or PDF that was checked.

let server: TestServer;
let filesDir: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-upload-limits-'));
  server = await startTestServer({ FILES_DIR: filesDir });
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');

interface Person {
  customerId: string;
  call: Caller;
}
async function person(): Promise<Person> {
  const made = await createCustomer(server.database.db);
  return { customerId: made.customer.id, call: callerFor(server, made) };
}

/** A signed upload URL at the test server's address. */
async function uploadUrl(who: Person, category: string, fileName: string): Promise<string> {
  const res = await who.call<{ signedUploadUrl: { uploadUrl: string | null } }>(
    `query ($c: UploadCategory!, $f: String!) { signedUploadUrl(category: $c, fileName: $f) { uploadUrl errorMessage } }`,
    { c: category, f: fileName },
  );
  const url = res.data?.signedUploadUrl.uploadUrl;
  if (!url) throw new Error(`no upload URL: ${JSON.stringify(res)}`);
  return `${server.url}${url}`;
}

async function put(url: string, bytes: Buffer) {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  const body = (await res.json()) as { id?: string; error?: { code: string } };
  return { status: res.status, id: body.id ?? '', code: body.error?.code };
}

async function upload(who: Person, category: string, fileName: string, bytes: Buffer) {
  return put(await uploadUrl(who, category, fileName), bytes);
}

async function documentRow(id: string) {
  const [row] = await server.database.db.select().from(documents).where(eq(documents.id, id));
  return row;
}

describe('a customer’s upload quota', () => {
  it(`takes ${UPLOAD_QUOTA.files} files a day, however many are sent at once, then again the next day`, async () => {
    const a = await person();
    const extra = 4;
    const urls = await Promise.all(
      Array.from({ length: UPLOAD_QUOTA.files + extra }, (_, i) =>
        uploadUrl(a, 'FormAttachment', `page-${i}.jpg`),
      ),
    );
    const answers = await Promise.all(urls.map((url) => put(url, JPEG)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(UPLOAD_QUOTA.files);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(extra);
    expect(refused.every((r) => r.status === 429 && r.code === 'upload-quota')).toBe(true);
    // Refused uploads leave neither a row nor bytes behind.
    expect(
      (
        await server.database.db
          .select()
          .from(documents)
          .where(eq(documents.customerId, a.customerId))
      ).length,
    ).toBe(UPLOAD_QUOTA.files);
    expect((await upload(a, 'Identification', 'front.jpg', JPEG)).status).toBe(429);

    // Another customer has their own quota; a day later the first one uploads again.
    expect((await upload(await person(), 'FormAttachment', 'mine.jpg', JPEG)).status).toBe(201);
    server.clock.advance(24 * 60 * 60_000 + 1_000);
    expect((await upload(a, 'FormAttachment', 'next-day.jpg', JPEG)).status).toBe(201);
  });

  it(`takes ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB a day in all`, async () => {
    const a = await person();
    const size = 9 * 1024 * 1024;
    const fits = Math.floor(UPLOAD_QUOTA.bytes / size);
    expect(fits).toBeLessThan(UPLOAD_QUOTA.files);
    const big = Buffer.alloc(size, 0);
    PDF.copy(big);
    const urls = await Promise.all(
      Array.from({ length: fits + 2 }, (_, i) => uploadUrl(a, 'FormAttachment', `scan-${i}.pdf`)),
    );
    const answers = await Promise.all(urls.map((url) => put(url, big)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(fits);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('uploads nothing uses', () => {
  it('are removed (row and bytes) a day after they came; attached ones and lab results stay', async () => {
    const a = await person();
    const formRes = await a.call<{ UpsertIntakeForm: { data: { id: string } } }>(
      `mutation { UpsertIntakeForm(form_short_id: "wm-intake", page: "about-you", answers: [{ linkId: "first-name", valueString: "Ana" }]) { data { id } } }`,
    );
    const formId = formRes.data?.UpsertIntakeForm.data.id ?? '';
    const attached = await upload(a, 'FormAttachment', 'labs.pdf', PDF);
    const inserted = await a.call(
      `mutation ($form: ID!, $doc: ID!) { InsertDocument(form_id: $form, link_id: "recent-labs", document_id: $doc) { data { id } } }`,
      { form: formId, doc: attached.id },
    );
    expect(inserted.errors).toBeUndefined();
    const idImage = await upload(a, 'Identification', 'front.jpg', JPEG);
    const image = await a.call(
      `mutation ($doc: ID!) { UploadIdVerificationImage(side: "front", document_id: $doc) { data { id } } }`,
      { doc: idImage.id },
    );
    expect(image.errors).toBeUndefined();
    const strayForm = await upload(a, 'FormAttachment', 'never-attached.pdf', PDF);
    const strayId = await upload(a, 'Identification', 'back-never-used.jpg', JPEG);
    // Minted now: an earlier test moved the server's clock past yesterday's token.
    const staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
    const lab = await staffCall<{ documentId: string }>(
      server,
      'POST',
      `/staff/customers/${a.customerId}/lab-results`,
      staff,
      {
        fileName: 'result.pdf',
        contentBase64: PDF.toString('base64'),
        orderedAt: '2026-01-02T10:00:00Z',
        notify: false,
      },
    );
    expect(lab.status).toBe(201);
    const strayKeys = await Promise.all(
      [strayForm.id, strayId.id].map(async (id) => (await documentRow(id))?.storageKey ?? ''),
    );

    // Not a day yet: nothing goes.
    server.clock.advance(UNATTACHED_UPLOAD_TTL_MS - 60_000);
    await server.jobs.runDue();
    expect(await documentRow(strayForm.id)).toBeDefined();

    // The job runs hourly: at its next run the strays are a day old.
    server.clock.advance(UPLOAD_CLEANUP_EVERY_MS);
    const fresh = await upload(a, 'FormAttachment', 'just-now.pdf', PDF);
    await server.jobs.runDue();
    expect(await documentRow(strayForm.id)).toBeUndefined();
    expect(await documentRow(strayId.id)).toBeUndefined();
    for (const key of strayKeys) expect(existsSync(path.join(filesDir, key))).toBe(false);
    for (const kept of [attached.id, idImage.id, lab.body.documentId, fresh.id]) {
      expect(await documentRow(kept), kept).toBeDefined();
    }
  });
});

describe('the clean-up at scale', () => {
  it('goes past a page of old uploads in use to the unused one behind them', async () => {
    // Earlier tests' strays go first, so this run's count is this test's alone.
    await server.services.forms.removeUnattachedUploads();
    const a = await person();
    const db = server.database.db;
    const [definition] = await db
      .select()
      .from(formDefinitions)
      .where(eq(formDefinitions.shortId, 'wm-intake'));
    const start = server.clock.now().getTime() - 2 * UNATTACHED_UPLOAD_TTL_MS;
    const row = (i: number, name: string) => ({
      customerId: a.customerId,
      category: 'FormAttachment',
      fileName: name,
      storageKey: `${a.customerId}/scale-${name}`,
      contentType: 'application/pdf',
      sizeBytes: 10,
      createdAt: new Date(start + i),
    });
    // More uploads in use than one page of the job holds, all older than the unused one.
    const used = await db
      .insert(documents)
      .values(Array.from({ length: 520 }, (_, i) => row(i, `used-${i}.pdf`)))
      .returning({ id: documents.id });
    const [stray] = await db
      .insert(documents)
      .values(row(10_000, 'stray.pdf'))
      .returning({ id: documents.id });
    await db.insert(formResponses).values({
      customerId: a.customerId,
      definitionId: definition?.id ?? '',
      shortId: 'wm-intake',
      response: {
        resourceType: 'QuestionnaireResponse',
        status: 'in-progress',
        item: [
          {
            linkId: 'recent-labs',
            answer: used.map((u) => ({ valueAttachment: { id: u.id } })),
          },
        ],
      },
    });
    expect(await server.services.forms.removeUnattachedUploads()).toBe(1);
    expect(await documentRow(stray?.id ?? '')).toBeUndefined();
    const left = await db.select().from(documents).where(eq(documents.customerId, a.customerId));
    expect(left).toHaveLength(used.length);
  });
});

describe('a file whose bytes are not what was checked', () => {
  it('is not served: the download checks the content again, and says why in the audit', async () => {
    const a = await person();
    const image = await upload(a, 'Identification', 'front.jpg', JPEG);
    const row = await documentRow(image.id);
    // The stored object changed after the upload's check (another writer of the bucket, a
    // restore from elsewhere): an HTML page where the ID photo was.
    await server.platform.files.put(
      row?.storageKey ?? '',
      new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      'image/jpeg',
    );
    // The care team's signed URLs (ID images) are served by the same route.
    const signed = await a.call<{ signedDownloadUrl: { downloadUrl: string | null } }>(
      `{ signedDownloadUrl(fileName: "front.jpg", category: Identification) { downloadUrl } }`,
    );
    const download = await fetch(`${server.url}${signed.data?.signedDownloadUrl.downloadUrl}`);
    expect(download.status).toBe(415);
    expect(await download.text()).not.toContain('<script>');
    await server.flushAudit();
    const refusals = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, image.id), eq(auditLog.action, 'download_refused')));
    expect(refusals.map((r) => r.details)).toEqual([
      { reason: 'content', category: 'Identification' },
    ]);
  });
});

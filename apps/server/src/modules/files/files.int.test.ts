import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerNotifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/platform';
import { textPdf } from '../../demo/pdf';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

// Lab results and signed file URLs: the care team attaches a result, its owner lists and
// downloads it; another customer cannot list, read or download it by id, by file name, or
// with a URL of their own; URLs expire, tampering is refused, and every download is audited.

let server: TestServer;
let staff: string;
let filesDir: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  server = await startTestServer({ FILES_DIR: filesDir });
  staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const LABS = `query($sort: LabSortOrder) { labOrders(sort: $sort) { lab_order_id document_id
  document { file_name category created_at uri }
  order { id ordered_at received_at provider { display_name } treatment { short_id } } } }`;

interface Lab {
  lab_order_id: string;
  document: { file_name: string; category: string; uri: string };
}

async function person() {
  const made = await createCustomer(server.database.db);
  return { ...made, token: await customerTokenFor(server, made.user.email) };
}

async function attach(customerId: string, fileName: string, title: string, orderedAt: string) {
  const pdf = Buffer.from(textPdf(title, ['Result line']));
  const res = await staffCall<{ id: string; documentId: string; notificationId: string | null }>(
    server,
    'POST',
    `/staff/customers/${customerId}/lab-results`,
    staff,
    {
      fileName,
      contentBase64: pdf.toString('base64'),
      orderedAt,
    },
  );
  return { ...res, pdf };
}

async function signedUrl(token: string, fileName: string) {
  const res = await graphql<{
    signedDownloadUrl: { downloadUrl: string | null; errorMessage: string | null };
  }>(
    server,
    `
      query ($f: String!) {
        signedDownloadUrl(fileName: $f, category: LabResult) {
          downloadUrl
          errorMessage
        }
      }
    `,
    token,
    { f: fileName },
  );
  return res.data?.signedDownloadUrl;
}

/**
 * A signed URL is a same-origin path (never at PUBLIC_URL, http://portal.test in tests): the
 * page fetches it from its own origin, so here it is reached at the test server's address.
 */
const local = (url: string) => {
  expect(url).toMatch(/^\/files\/(download|upload)\/[^?]+\?customer=[^&]+&expires=\d+&signature=/);
  return `${server.url}${url}`;
};

const downloads = async (documentId: string) => {
  await server.flushAudit();
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, documentId)));
};

describe('lab results', () => {
  it('the care team attaches one; its owner lists it (newest or oldest first) and is notified', async () => {
    const a = await person();
    const first = await attach(a.customer.id, 'metabolic.pdf', 'Metabolic', '2026-01-05T10:00:00Z');
    server.clock.advance(60_000);
    const second = await attach(a.customer.id, 'lipids.pdf', 'Lipids', '2026-02-05T10:00:00Z');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const newest = await graphql<{ labOrders: Lab[] }>(server, LABS, a.token);
    expect(newest.data?.labOrders.map((l) => l.document.file_name)).toEqual([
      'lipids.pdf',
      'metabolic.pdf',
    ]);
    expect(newest.data?.labOrders[0]).toMatchObject({
      lab_order_id: second.body.id,
      document: { category: 'LabResult', uri: 'documents/LabResult/lipids.pdf' },
    });
    const oldest = await graphql<{ labOrders: Lab[] }>(server, LABS, a.token, { sort: 'oldest' });
    expect(oldest.data?.labOrders.map((l) => l.document.file_name)).toEqual([
      'metabolic.pdf',
      'lipids.pdf',
    ]);
    const notices = await server.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, a.customer.id));
    expect(notices.map((n) => n.type)).toEqual([
      'lab_result_received_v1',
      'lab_result_received_v1',
    ]);
    // The same file name again is refused; nothing new is listed.
    expect(
      (await attach(a.customer.id, 'lipids.pdf', 'Again', '2026-02-05T10:00:00Z')).status,
    ).toBe(409);
    const after = await graphql<{ labOrders: Lab[] }>(server, LABS, a.token);
    expect(after.data?.labOrders).toHaveLength(2);
  });

  it('refuses a file that is not a PDF', async () => {
    const a = await person();
    const res = await staffCall(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/lab-results`,
      staff,
      {
        fileName: 'x.pdf',
        contentBase64: Buffer.from('<html>').toString('base64'),
        orderedAt: '2026-01-01T00:00:00Z',
      },
    );
    expect(res.status).toBe(400);
  });
});

describe('signed download URLs', () => {
  it('download the owner’s PDF for 5 minutes; each download audited; then expire (403, audited)', async () => {
    const a = await person();
    const { body, pdf } = await attach(a.customer.id, 'cbc.pdf', 'CBC', '2026-01-05T10:00:00Z');
    const answer = await signedUrl(a.token, 'cbc.pdf');
    expect(answer?.errorMessage).toBeNull();
    const url = local(answer?.downloadUrl ?? '');
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('cbc.pdf');
      expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    }
    expect((await downloads(body.documentId)).filter((r) => r.action === 'download')).toHaveLength(
      2,
    );
    server.clock.advance(301_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    const refused = (await downloads(body.documentId)).filter(
      (r) => r.action === 'download_refused',
    );
    expect(refused.map((r) => r.details)).toEqual([{ reason: 'expired' }]);
  });

  it('the uri form signs the same file; a uri of nothing answers errorMessage', async () => {
    const a = await person();
    await attach(a.customer.id, 'thyroid.pdf', 'Thyroid', '2026-01-05T10:00:00Z');
    const query = `query($u: String!) { signedDownloadUrlFromUri(uri: $u) { downloadUrl errorMessage } }`;
    type Answer = {
      signedDownloadUrlFromUri: { downloadUrl: string | null; errorMessage: string | null };
    };
    const ok = await graphql<Answer>(server, query, a.token, {
      u: 'documents/LabResult/thyroid.pdf',
    });
    expect((await fetch(local(ok.data?.signedDownloadUrlFromUri.downloadUrl ?? ''))).status).toBe(
      200,
    );
    const none = await graphql<Answer>(server, query, a.token, {
      u: 'documents/LabResult/none.pdf',
    });
    expect(none.data?.signedDownloadUrlFromUri).toEqual({
      downloadUrl: null,
      errorMessage: 'File not found.',
    });
  });
});

describe('another customer cannot reach the first one’s lab results or files', () => {
  it('not by list, by id, by file name, by uri, or with a signed URL of their own', async () => {
    const a = await person();
    const b = await person();
    const aLab = await attach(a.customer.id, 'hormones.pdf', 'A hormones', '2026-01-05T10:00:00Z');
    // B has a file of the same name: asking by name gives B's own, never A's.
    const bLab = await attach(b.customer.id, 'hormones.pdf', 'B hormones', '2026-01-05T10:00:00Z');
    await attach(a.customer.id, 'only-a.pdf', 'A only', '2026-01-06T10:00:00Z');

    const bList = await graphql<{ labOrders: Lab[] }>(server, LABS, b.token);
    expect(bList.data?.labOrders.map((l) => l.lab_order_id)).toEqual([bLab.body.id]);
    const byId = await graphql<{ labOrder: { lab_order_id: string } | null }>(
      server,
      `
        query ($id: ID!) {
          labOrder(id: $id) {
            lab_order_id
          }
        }
      `,
      b.token,
      { id: aLab.body.id },
    );
    expect(byId.data?.labOrder).toBeNull();

    expect(await signedUrl(b.token, 'only-a.pdf')).toEqual({
      downloadUrl: null,
      errorMessage: 'File not found.',
    });
    const fromUri = await graphql<{ signedDownloadUrlFromUri: { errorMessage: string | null } }>(
      server,
      `
        query ($u: String!) {
          signedDownloadUrlFromUri(uri: $u) {
            errorMessage
          }
        }
      `,
      b.token,
      { u: 'documents/LabResult/only-a.pdf' },
    );
    expect(fromUri.data?.signedDownloadUrlFromUri.errorMessage).toBe('File not found.');

    const bUrl = new URL(local((await signedUrl(b.token, 'hormones.pdf'))?.downloadUrl ?? ''));
    const own = await fetch(bUrl);
    expect(Buffer.from(await own.arrayBuffer()).equals(bLab.pdf)).toBe(true);

    // B's signature on A's document id, or naming A as the customer: refused and audited.
    const swappedPath = new URL(bUrl);
    swappedPath.pathname = `/files/download/${aLab.body.documentId}`;
    const swappedCustomer = new URL(bUrl);
    swappedCustomer.searchParams.set('customer', a.customer.id);
    const longer = new URL(bUrl);
    longer.searchParams.set('expires', String(Number(bUrl.searchParams.get('expires')) + 3600));
    const unsigned = new URL(bUrl);
    unsigned.searchParams.delete('signature');
    for (const url of [swappedPath, swappedCustomer, longer, unsigned]) {
      const res = await fetch(url);
      expect(res.status, url.toString()).toBe(403);
      expect(Buffer.from(await res.arrayBuffer()).includes(Buffer.from('%PDF'))).toBe(false);
    }
    const refusedOnA = (await downloads(aLab.body.documentId)).filter(
      (r) => r.action === 'download_refused',
    );
    expect(refusedOnA.map((r) => r.details)).toEqual([{ reason: 'tampered' }]);
    const refusedOnB = (await downloads(bLab.body.documentId)).filter(
      (r) => r.action === 'download_refused',
    );
    expect(refusedOnB.map((r) => r.details)).toEqual([
      { reason: 'tampered' },
      { reason: 'tampered' },
      { reason: 'malformed' },
    ]);
    expect((await downloads(aLab.body.documentId)).some((r) => r.action === 'download')).toBe(
      false,
    );
  });
});

describe('signed upload URLs', () => {
  it('take one new file for the customer, refuse a second of that name and a tampered URL', async () => {
    const a = await person();
    const b = await person();
    const res = await graphql<{ signedUploadUrl: { uploadUrl: string | null } }>(
      server,
      `
        {
          signedUploadUrl(category: Identification, fileName: "license front.jpg") {
            uploadUrl
            errorMessage
          }
        }
      `,
      a.token,
    );
    const url = local(res.data?.signedUploadUrl.uploadUrl ?? '');
    const put = (target: string) =>
      fetch(target, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: Buffer.from([0xff, 0xd8, 0xff]),
      });
    const stored = await put(url);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({
      uri: 'documents/Identification/license%20front.jpg',
    });
    expect((await put(url)).status).toBe(409);
    const tampered = new URL(url);
    tampered.searchParams.set('customer', b.customer.id);
    expect((await put(tampered.toString())).status).toBe(403);
    const lab = await graphql(
      server,
      `
        {
          signedUploadUrl(category: LabResult, fileName: "x.pdf") {
            uploadUrl
          }
        }
      `,
      a.token,
    );
    expect(lab.errors).toBeDefined();
  });
});

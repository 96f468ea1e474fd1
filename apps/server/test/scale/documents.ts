import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LAB_DOCUMENT_CATEGORY } from '@portal/domain';
import { TEST_PASSWORD, type createCustomer } from '../factories';
import { json, operation, request, signIn } from './clients';
import type { Cluster, Instance } from './cluster';
import { address, record } from './common';

// The scale test's document check: a lab result the care team attaches through A is kept in
// the one S3 bucket, and the customer's signed URL, asked of B, downloads it from C.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The object keys in the cluster's bucket. */
async function bucketKeys(cluster: Cluster): Promise<string[]> {
  const { env } = cluster.s3;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET }));
  client.destroy();
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

export async function documentAcrossInstances(
  cluster: Cluster,
  customer: Awaited<ReturnType<typeof createCustomer>>,
  staffAccess: string,
): Promise<void> {
  const [a, b, c] = cluster.instances as [Instance, Instance, Instance];
  // A PDF of 256 KB: the header the staff API checks, then bytes no other file has.
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024)]);
  const fileName = 'lipid-panel-scale.pdf';
  const keysBefore = await bucketKeys(cluster);

  let started = Date.now();
  const attached = await request(`${a.url}/staff/customers/${customer.customer.id}/lab-results`, {
    from: address(1, 200),
    method: 'POST',
    headers: { authorization: `Bearer ${staffAccess}` },
    body: JSON.stringify({
      fileName,
      contentBase64: bytes.toString('base64'),
      orderedAt: new Date(Date.now() - 86_400_000).toISOString(),
      notify: false,
    }),
  });
  const attachMs = Date.now() - started;
  const stored = (await bucketKeys(cluster)).filter((key) => !keysBefore.includes(key));

  const session = await signIn(b.url, address(1, 2), customer.user.email, TEST_PASSWORD);
  const signed = json<{ data?: { signedDownloadUrl?: { downloadUrl: string | null } } }>(
    await operation(b.url, address(1, 2), session.access, 'GetSignedDownloadUrl', {
      fileName,
      category: LAB_DOCUMENT_CATEGORY,
    }),
  ).data?.signedDownloadUrl?.downloadUrl;
  // The URL names the public origin (nginx) or none; the test opens its path on C itself.
  const link = signed ? new URL(signed, cluster.proxy) : undefined;
  started = Date.now();
  const downloaded = link ? await fetch(`${c.url}${link.pathname}${link.search}`) : undefined;
  const body = downloaded ? new Uint8Array(await downloaded.arrayBuffer()) : new Uint8Array();
  const downloadMs = Date.now() - started;
  // No instance kept a copy of its own (the local store would be under DATA_DIR/files).
  const localCopies = [0, 1, 2].filter((i) =>
    existsSync(path.join(cluster.dir, `data-${i}`, 'files')),
  ).length;

  record(
    'a document stored through A is served by C (one S3 bucket)',
    attached.status === 201 &&
      stored.length === 1 &&
      downloaded?.status === 200 &&
      sha256(body) === sha256(bytes) &&
      localCopies === 0,
    `lab PDF of ${bytes.length} B attached through A (${attached.status}, ${attachMs} ms); ` +
      `${stored.length} new object in the bucket; URL signed by B, downloaded from C ` +
      `(${downloaded?.status ?? 'no URL'}, ${downloadMs} ms, ${sha256(body) === sha256(bytes) ? 'same bytes' : 'other bytes'}); ` +
      `${localCopies} local copies`,
  );
}

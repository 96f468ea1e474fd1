import { createHash, randomBytes } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MAX_UPLOAD_BYTES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { parseConfig, type S3Config } from '../config';
import { createDocumentStore, createS3Client, S3DocumentStore } from './document-store';

// The S3 document store through @aws-sdk/client-s3 against a real S3-compatible server
// (s3rver on loopback, test/s3-server.ts): what production runs on when S3_BUCKET is set, so
// that any instance serves a file another stored (issue 40). About 1 s, most of it the 10 MB
// round trip.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
});

/** The S3 settings as config.ts reads them from S3_* variables. */
function s3Config(extra: Record<string, string> = {}): S3Config {
  const config = parseConfig({ ...s3.env, ...extra }, '1').files.s3;
  if (!config) throw new Error('S3_BUCKET did not make an S3 configuration');
  return config;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the S3 document store against an S3-compatible server', () => {
  it('puts, reads back and deletes through the client the S3_* settings make', async () => {
    const store = createDocumentStore(parseConfig(s3.env, '1').files);
    expect(store.kind).toBe('s3');
    await store.put('cust-1/lab-1', pdf('lipids'), 'application/pdf');

    expect(Buffer.from((await store.get('cust-1/lab-1')) ?? []).toString()).toContain('lipids');
    const head = await createS3Client(s3Config()).send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: 'cust-1/lab-1' }),
    );
    expect(head).toMatchObject({
      ContentType: 'application/pdf',
      ContentLength: pdf('lipids').length,
    });

    await store.delete('cust-1/lab-1');
    expect(await store.get('cust-1/lab-1')).toBeNull();
    // Deleting what is not there is not an error (the local store's rule too).
    await expect(store.delete('cust-1/lab-1')).resolves.toBeUndefined();
  });

  it('answers null for a missing key, and an error when S3 itself refuses', async () => {
    const store = new S3DocumentStore(s3Config());
    expect(await store.get('cust-1/never-stored')).toBeNull();
    // A missing bucket or a refused key is a broken deployment, not a missing file: the files
    // module would answer 404 for a document that is there.
    const noBucket = new S3DocumentStore(s3Config({ S3_BUCKET: 'no-such-bucket' }));
    await expect(noBucket.get('cust-1/lab-1')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    const unknownKey = new S3DocumentStore(
      s3Config({ S3_ACCESS_KEY_ID: 'NOT-A-KEY', S3_SECRET_ACCESS_KEY: 'secret' }),
    );
    await expect(unknownKey.get('cust-1/lab-1')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    // An unsafe key is refused before anything is sent.
    await expect(store.put('../escape', pdf('x'), 'application/pdf')).rejects.toThrow(/unsafe/);
  });

  it('keeps objects under S3_PREFIX, where a store without the prefix does not find them', async () => {
    const prefixed = new S3DocumentStore(s3Config({ S3_PREFIX: 'tenant-a/' }));
    await prefixed.put('cust-2/lab-2', pdf('thyroid'), 'application/pdf');

    const listed = await createS3Client(s3Config()).send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'tenant-a/' }),
    );
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['tenant-a/cust-2/lab-2']);
    expect(await new S3DocumentStore(s3Config()).get('cust-2/lab-2')).toBeNull();
    expect(sha256((await prefixed.get('cust-2/lab-2')) ?? new Uint8Array())).toBe(
      sha256(pdf('thyroid')),
    );
  });

  it('carries a file of the upload limit (10 MB) byte for byte', async () => {
    const store = new S3DocumentStore(s3Config());
    const bytes = randomBytes(MAX_UPLOAD_BYTES);
    await store.put('cust-3/scan', bytes, 'image/png');
    const back = await store.get('cust-3/scan');
    expect(back?.length).toBe(MAX_UPLOAD_BYTES);
    expect(sha256(back ?? new Uint8Array())).toBe(sha256(bytes));
  });

  it('names the bucket in the path with S3_FORCE_PATH_STYLE=true, in the host name otherwise', async () => {
    // A host name, not 127.0.0.1: for an address the SDK always uses the path.
    const endpoint = s3.endpoint.replace('127.0.0.1', 'localhost');
    const seen: { hostname: string; path: string }[] = [];
    const observed = (config: S3Config, stop: boolean) => {
      const client = createS3Client(config);
      client.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { hostname: string; path: string };
          seen.push({ hostname: request.hostname, path: request.path });
          // The virtual-hosted name (bucket.localhost) resolves nowhere here: stop before it.
          if (stop) throw new Error('stopped before sending');
          return next(args);
        },
        { step: 'finalizeRequest' },
      );
      return new S3DocumentStore(config, client);
    };

    const pathStyle = observed(s3Config({ S3_ENDPOINT: endpoint }), false);
    await pathStyle.put('cust-4/a', pdf('a'), 'application/pdf');
    expect(Buffer.from((await pathStyle.get('cust-4/a')) ?? []).toString()).toContain('a');
    await expect(
      observed(s3Config({ S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'false' }), true).put(
        'cust-4/b',
        pdf('b'),
        'application/pdf',
      ),
    ).rejects.toThrow(/stopped/);

    expect(seen).toEqual([
      { hostname: 'localhost', path: `/${s3.bucket}/cust-4/a` },
      { hostname: 'localhost', path: `/${s3.bucket}/cust-4/a` },
      { hostname: `${s3.bucket}.localhost`, path: '/cust-4/b' },
    ]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { LocalDocumentStore, S3DocumentStore, createDocumentStore } from './document-store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('document store', () => {
  it('keeps bytes under the local directory and answers null for a missing key', async () => {
    const store = new LocalDocumentStore(dir);
    await store.put('cust/abc', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(Buffer.from((await store.get('cust/abc')) ?? []).toString()).toBe('%PDF-1.4');
    expect(await store.get('cust/none')).toBeNull();
  });

  it.each(['../escape', 'a/../../b', '/abs', 'a//b', ''])(
    'refuses the unsafe key %s',
    async (key) => {
      const store = new LocalDocumentStore(dir);
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    },
  );

  it('is local by default (DATA_DIR/files) and S3 when S3_BUCKET is set', () => {
    const local = parseConfig({ DATA_DIR: '/srv/portal' }, '1');
    expect(local.files.dir).toBe('/srv/portal/files');
    expect(createDocumentStore(local.files).kind).toBe('local');
    const s3 = parseConfig(
      {
        S3_BUCKET: 'portal-docs',
        S3_ENDPOINT: 'http://minio.local:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      '1',
    );
    expect(s3.files.s3).toMatchObject({
      bucket: 'portal-docs',
      forcePathStyle: true,
      region: 'us-east-1',
    });
    expect(createDocumentStore(s3.files)).toBeInstanceOf(S3DocumentStore);
  });

  it('refuses half a pair of S3 keys, and a short signing secret', () => {
    expect(() => parseConfig({ S3_BUCKET: 'b3t', S3_ACCESS_KEY_ID: 'k' }, '1')).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseConfig({ FILES_SIGNING_SECRET: 'short' }, '1')).toThrow(
      /FILES_SIGNING_SECRET/,
    );
  });
  // The S3 store itself runs against a real S3-compatible server: document-store.s3.test.ts.
});

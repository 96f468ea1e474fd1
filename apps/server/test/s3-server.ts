import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/*
 * A local S3-compatible server for tests: s3rver, pure JavaScript from npm (no Docker, no
 * downloaded binary), serving the S3 REST API on loopback over a temporary directory. It speaks
 * enough of the API for the document store (PutObject, GetObject, DeleteObject, ListObjectsV2,
 * HeadObject) through @aws-sdk/client-s3 with path-style addressing. It refuses an unknown
 * access key but does not check a version-4 signature (s3rver 3.7 leaves that unimplemented),
 * so a wrong secret is not under test here.
 */

export interface S3Server {
  /** The S3_* settings that point the server's document store at it. */
  env: {
    S3_BUCKET: string;
    S3_ENDPOINT: string;
    S3_ACCESS_KEY_ID: string;
    S3_SECRET_ACCESS_KEY: string;
    S3_FORCE_PATH_STYLE: 'true';
  };
  bucket: string;
  endpoint: string;
  /** Where s3rver keeps the objects (one folder per bucket). */
  directory: string;
  close(): Promise<void>;
}

/** s3rver's own key pair (its default account). */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'portal-documents'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    bucket,
    endpoint,
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

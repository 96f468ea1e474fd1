import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FilesConfig, S3Config } from '../config';
import { lazyPackage } from './lazy-package';

/** The S3 SDK (about 60 ms of CPU to load) loads only when S3_BUCKET is set. */
const s3 = lazyPackage<typeof S3>('@aws-sdk/client-s3');

/**
 * Where documents' bytes live (DESIGN.md section 3, files): a local directory under DATA_DIR
 * by default, S3-compatible object storage when S3_BUCKET is set. Keys are opaque paths the
 * files module makes (`<customer id>/<uuid>`); customers never see them, they get signed URLs.
 */
export interface DocumentStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the bytes; nothing there is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

function checkKey(key: string): void {
  // Keys come from the files module, never from a request; this is a second lock on the door.
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export class LocalDocumentStore implements DocumentStore {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    checkKey(key);
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
  }

  async get(key: string): Promise<Uint8Array | null> {
    checkKey(key);
    try {
      return await readFile(path.join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await rm(path.join(this.root, key), { force: true });
  }
}

/** The client S3DocumentStore talks through, as the configuration (S3_*) sets it up. */
export function createS3Client(config: S3Config): S3Client {
  return new (s3().S3Client)({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
}

export class S3DocumentStore implements DocumentStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    client?: S3Client,
  ) {
    this.client = client ?? createS3Client(config);
  }

  private objectKey(key: string): string {
    checkKey(key);
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new (s3().PutObjectCommand)({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        ServerSideEncryption: this.config.endpoint ? undefined : 'AES256',
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const object = await this.client.send(
        new (s3().GetObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      return object.Body ? await object.Body.transformToByteArray() : null;
    } catch (error) {
      if (error instanceof s3().NoSuchKey) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new (s3().DeleteObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
    );
  }
}

/** The store the configuration names: S3 when S3_BUCKET is set, else the local directory. */
export function createDocumentStore(config: FilesConfig): DocumentStore {
  return config.s3 ? new S3DocumentStore(config.s3) : new LocalDocumentStore(config.dir);
}

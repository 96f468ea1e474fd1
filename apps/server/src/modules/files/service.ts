import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_UPLOAD_CATEGORIES,
  SIGNED_URL_TTL_SECONDS,
  sniffFileKind,
  type FileCategory,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DocumentStore } from '../../platform/document-store';
import type { UrlSigner } from '../../platform/signed-urls';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { DocumentIndexStore, type DocumentRow } from './store';

export type { DocumentRow };

/**
 * Spec 02 §7: a signed URL answer carries the URL, or an error message (the web's C105). The
 * URL is a same-origin path (`/files/download/…?…`), not an absolute URL at PUBLIC_URL: the page
 * fetches it from whatever origin it was opened at (http://127.0.0.1:3000 in development as
 * well as PUBLIC_URL's), which its CSP's connect-src 'self' allows.
 */
export type SignedUrlAnswer = { downloadUrl: string } | { errorMessage: string };
export type SignedUploadAnswer = { uploadUrl: string } | { errorMessage: string };

/**
 * What one customer may upload in a rolling day (issue 45), counted over the uploads still
 * stored: 20 files and 100 MB. The busiest real day is an intake with its attachments and an
 * ID check with a few retakes, about ten files of a few MB; twice that leaves room, and ten
 * files at the 10 MB size limit still fit. A day because uploads nothing uses are removed a
 * day after they came (below): what one customer can leave lying in the store is bounded by
 * one day's quota, and a patient of many years never meets a lifetime cap.
 */
export const UPLOAD_QUOTA = { files: 20, bytes: 100 * 1024 * 1024, windowMs: 24 * 60 * 60_000 };
/** An upload that no form answer or ID check uses is removed this long after it came. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

export const DOWNLOAD_PATH = '/files/download';
export const UPLOAD_PATH = '/files/upload';
const DOCUMENT_URI = /^documents\/([^/]+)\/([^/]+)$/;

/** Who asked over HTTP (a signed URL carries no token: the signature names the customer). */
export interface RequestMeta {
  ip?: string | undefined;
  requestId?: string | undefined;
}

export type DownloadOutcome =
  { ok: true; document: DocumentRow; bytes: Uint8Array } | { ok: false; status: 403 | 404 | 415 };

export type UploadOutcome =
  { ok: true; document: DocumentRow } | { ok: false; status: 403 | 409 | 413 | 415 | 429 };

/** A file's uri as the API hands it out: `documents/<category>/<file name>`. */
export function documentUri(document: Pick<DocumentRow, 'category' | 'fileName'>): string {
  return `documents/${encodeURIComponent(document.category)}/${encodeURIComponent(document.fileName)}`;
}

export class FileService {
  constructor(
    private readonly store: DocumentIndexStore,
    private readonly files: DocumentStore,
    private readonly signer: UrlSigner,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private expiry(): number {
    return Math.floor(this.clock.now().getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
  }

  /**
   * GetSignedDownloadUrl {fileName, category}: a 5-minute URL to the customer's own file of
   * that name; another customer's file of the same name is simply not theirs (not found).
   */
  async signedDownloadUrl(
    customerId: string,
    args: { fileName: string; category: FileCategory },
    actor: AuditActor,
  ): Promise<SignedUrlAnswer> {
    const document = await this.store.findOwnByName(customerId, args.category, args.fileName);
    if (!document) return { errorMessage: 'File not found.' };
    return this.signDownload(document, 'GetSignedDownloadUrl', actor);
  }

  /** The signed download URL from a uri (`documents/<category>/<file name>`). */
  async signedDownloadUrlFromUri(
    customerId: string,
    uri: string,
    actor: AuditActor,
  ): Promise<SignedUrlAnswer> {
    const match = DOCUMENT_URI.exec(uri.trim());
    let category: string;
    let fileName: string;
    try {
      category = decodeURIComponent(match?.[1] ?? '');
      fileName = decodeURIComponent(match?.[2] ?? '');
    } catch {
      return { errorMessage: 'File not found.' };
    }
    const document = match ? await this.store.findOwnByName(customerId, category, fileName) : null;
    if (!document) return { errorMessage: 'File not found.' };
    return this.signDownload(document, 'SignedDownloadUrlFromUri', actor);
  }

  /**
   * Download URLs for documents of a customer's by id (the care team viewing ID images before
   * deciding): each signed and audited like any other; ids that are not the customer's are
   * left out.
   */
  async signedDownloadUrlsByIds(
    customerId: string,
    ids: readonly string[],
    operation: string,
    actor: AuditActor,
  ): Promise<Map<string, string>> {
    const documents = await this.store.ownByIds(customerId, ids);
    const urls = new Map<string, string>();
    for (const document of documents) {
      const answer = await this.signDownload(document, operation, actor);
      if ('downloadUrl' in answer) urls.set(document.id, answer.downloadUrl);
    }
    return urls;
  }

  private async signDownload(
    document: DocumentRow,
    operation: string,
    actor: AuditActor,
  ): Promise<SignedUrlAnswer> {
    await this.audit.record(actor, {
      action: 'sign',
      entity: 'document',
      entityId: document.id,
      details: { operation, category: document.category },
    });
    const path = `${DOWNLOAD_PATH}/${document.id}`;
    const signed = this.signer.sign({
      path,
      customerId: document.customerId,
      expires: this.expiry(),
    });
    return { downloadUrl: signed };
  }

  /** The signed upload URL {category, fileName}: a 5-minute URL to PUT one new file to. */
  async signedUploadUrl(
    customerId: string,
    args: { fileName: string; category: FileCategory },
    actor: AuditActor,
  ): Promise<SignedUploadAnswer> {
    if (await this.store.findOwnByName(customerId, args.category, args.fileName)) {
      return { errorMessage: 'A file with this name is already there.' };
    }
    await this.audit.record(actor, {
      action: 'sign',
      entity: 'document',
      entityId: null,
      details: { operation: 'SignedUploadUrl', category: args.category },
    });
    const path = uploadPath(args.category, args.fileName);
    return { uploadUrl: this.signer.sign({ path, customerId, expires: this.expiry() }) };
  }

  /**
   * GET of a signed download URL: the signature, the expiry and the owner are checked, and
   * every outcome is in the audit log (a download, or a refusal with its reason).
   */
  async download(
    documentId: string,
    query: Record<string, unknown>,
    meta: RequestMeta,
  ): Promise<DownloadOutcome> {
    const path = `${DOWNLOAD_PATH}/${documentId}`;
    const check = this.signer.verify(path, query, this.clock.now());
    const claimed = typeof query.customer === 'string' ? query.customer : null;
    const refuse = async (reason: string): Promise<DownloadOutcome> => {
      await this.audit.record(
        { type: 'anonymous', id: claimed?.slice(0, 64) ?? null, ...meta },
        {
          action: 'download_refused',
          entity: 'document',
          entityId: documentId.slice(0, 64),
          details: { reason },
        },
      );
      return { ok: false, status: 403 };
    };
    if (!check.ok) return refuse(check.reason);
    const document = await this.store.findById(documentId);
    // A valid signature over another customer's document cannot be made; checked all the same.
    if (!document || document.customerId !== check.parts.customerId) return refuse('not-owner');
    const bytes = await this.files.get(document.storageKey);
    if (!bytes) return { ok: false, status: 404 };
    // The bytes are checked again before anyone opens them (the care team opens ID images):
    // the store may hold something else than what the upload checked (another writer of the
    // bucket, a restore), and a file is only ever served as the type it was checked to be.
    if (sniffFileKind(bytes) !== document.contentType) {
      await this.audit.record(
        { type: 'anonymous', id: document.customerId, ...meta },
        {
          action: 'download_refused',
          entity: 'document',
          entityId: document.id,
          details: { reason: 'content', category: document.category },
        },
      );
      return { ok: false, status: 415 };
    }
    await this.audit.record(
      { type: 'customer', id: document.customerId, ...meta },
      {
        action: 'download',
        entity: 'document',
        entityId: document.id,
        details: { category: document.category, sizeBytes: bytes.byteLength },
      },
    );
    return { ok: true, document, bytes };
  }

  /** PUT of a signed upload URL: one new file for the customer the URL names. */
  async upload(
    category: string,
    fileName: string,
    query: Record<string, unknown>,
    body: { bytes: Uint8Array; contentType: string },
    meta: RequestMeta,
  ): Promise<UploadOutcome> {
    const check = this.signer.verify(uploadPath(category, fileName), query, this.clock.now());
    if (!check.ok) {
      await this.audit.record(
        { type: 'anonymous', id: null, ...meta },
        { action: 'upload_refused', entity: 'document', details: { reason: check.reason } },
      );
      return { ok: false, status: 403 };
    }
    const actor: AuditActor = { type: 'customer', id: check.parts.customerId, ...meta };
    // Customers upload images and PDF only (issue 15), judged by the bytes, not the header.
    const kind = sniffFileKind(body.bytes);
    if (!kind) {
      await this.audit.record(actor, {
        action: 'upload_refused',
        entity: 'document',
        details: { reason: 'type', declared: body.contentType.slice(0, 100) },
      });
      return { ok: false, status: 415 };
    }
    const customerId = check.parts.customerId;
    // The quota is judged and the file stored under one lock per customer, so uploads sent
    // together cannot each see room for themselves.
    const stored = await this.uow.run(
      actor,
      async (work) => {
        const since = new Date(this.clock.now().getTime() - UPLOAD_QUOTA.windowMs);
        const used = await this.store
          .in(work.tx)
          .uploadedSince(customerId, CUSTOMER_UPLOAD_CATEGORIES, since);
        if (
          used.files + 1 > UPLOAD_QUOTA.files ||
          used.bytes + body.bytes.byteLength > UPLOAD_QUOTA.bytes
        )
          return 'quota' as const;
        return this.storeDocument(
          customerId,
          { category, fileName, contentType: kind, bytes: body.bytes },
          work,
        );
      },
      { lock: `uploads:${customerId}` },
    );
    if (stored === 'quota') {
      await this.audit.record(actor, {
        action: 'upload_refused',
        entity: 'document',
        details: { reason: 'quota', category, sizeBytes: body.bytes.byteLength },
      });
      return { ok: false, status: 429 };
    }
    return stored ? { ok: true, document: stored } : { ok: false, status: 409 };
  }

  /**
   * Customer uploads (the categories a signed upload URL takes) stored in [from, before),
   * oldest first, a page after `after`: what the forms module's clean-up looks at
   * (forms/upload-cleanup.ts).
   */
  uploadsBetween(
    range: { from: Date; before: Date },
    after: Pick<DocumentRow, 'createdAt' | 'id'> | null,
    limit: number,
  ): Promise<DocumentRow[]> {
    return this.store.uploadsBetween(CUSTOMER_UPLOAD_CATEGORIES, range, after, limit);
  }

  /**
   * Stores a file for a customer in the caller's unit of work (labs, the staff API, uploads);
   * undefined when the customer already has a file of that name in that category. The bytes
   * are written first under a fresh key: if the transaction then rolls back, an unreferenced
   * object is left, never a row without its bytes.
   */
  async storeDocument(
    customerId: string,
    file: { category: string; fileName: string; contentType: string; bytes: Uint8Array },
    work: Work,
  ): Promise<DocumentRow | undefined> {
    const store = this.store.in(work.tx);
    if (await store.findOwnByName(customerId, file.category, file.fileName)) return undefined;
    const storageKey = `${customerId}/${randomUUID()}`;
    await this.files.put(storageKey, file.bytes, file.contentType);
    const row = await store.insert({
      customerId,
      category: file.category,
      fileName: file.fileName,
      storageKey,
      contentType: file.contentType,
      sizeBytes: file.bytes.byteLength,
      createdAt: this.clock.now(),
    });
    if (row) {
      await work.audit({
        action: 'create',
        entity: 'document',
        entityId: row.id,
        details: { customerId, category: row.category, sizeBytes: row.sizeBytes },
      });
    }
    return row;
  }

  /**
   * Deletes the customer's own documents among these ids in the caller's unit of work (an ID
   * check's images once decided). Returns what to call after the commit to remove the bytes,
   * so a rolled-back decision never loses a file its row still points at.
   */
  async deleteDocuments(
    customerId: string,
    ids: readonly string[],
    work: Work,
  ): Promise<() => Promise<void>> {
    const rows = await this.store.in(work.tx).deleteOwn(customerId, ids);
    for (const row of rows) {
      await work.audit({
        action: 'delete',
        entity: 'document',
        entityId: row.id,
        details: { customerId, category: row.category },
      });
    }
    return async () => {
      for (const row of rows) await this.files.delete(row.storageKey);
    };
  }

  /** The customer's own documents among these ids (labs show their files). Not audited here. */
  ownDocuments(customerId: string, ids: readonly string[], db?: Db): Promise<DocumentRow[]> {
    return (db ? this.store.in(db) : this.store).ownByIds(customerId, ids);
  }
}

function uploadPath(category: string, fileName: string): string {
  return `${UPLOAD_PATH}/${encodeURIComponent(category)}/${encodeURIComponent(fileName)}`;
}

/** Builds the service over its own store (called by the composition root). */
export function createFileService(deps: {
  db: Db;
  files: DocumentStore;
  signer: UrlSigner;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
}): FileService {
  return new FileService(
    new DocumentIndexStore(deps.db),
    deps.files,
    deps.signer,
    deps.uow,
    deps.audit,
    deps.clock,
  );
}

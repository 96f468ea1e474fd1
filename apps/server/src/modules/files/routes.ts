import { MAX_UPLOAD_BYTES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { DOWNLOAD_PATH, UPLOAD_PATH, documentUri, type FileService } from './service';

/*
 * Signed file URLs (DESIGN.md section 3, files). No bearer token: the HMAC in the query names
 * the customer, the path and the expiry (5 minutes), so the browser can open the URL directly.
 *
 *   GET /files/download/:documentId?customer=&expires=&signature=
 *       200 the file (attachment, no-store); 403 {error: {code: 'forbidden'}} when the
 *       signature does not match, has expired or names another customer (audited); 404 when
 *       the bytes are gone; 415 {error: {code: 'unsupported-type'}} when the stored bytes are
 *       not (any more) the image or PDF the upload checked (audited). Every download is
 *       audited.
 *   PUT /files/upload/:category/:fileName?customer=&expires=&signature=   body: the file
 *       201 {id, uri}; 403 as above; 409 when the customer already has a file of that name;
 *       413 past MAX_UPLOAD_BYTES; 415 when the bytes are not a JPEG, PNG, WebP or PDF; 429
 *       {error: {code: 'upload-quota'}} past the customer's daily quota (UPLOAD_QUOTA).
 */

const forbidden = { error: { code: 'forbidden', message: 'This link is not valid any more.' } };

/** RFC 6266 filename parameters: an ASCII fallback and the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function fileRoutes(
  app: FastifyInstance,
  options: { files: FileService },
  done: () => void,
) {
  const { files } = options;

  app.get<{ Params: { documentId: string }; Querystring: Record<string, unknown> }>(
    `${DOWNLOAD_PATH}/:documentId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const outcome = await files.download(request.params.documentId, request.query, {
        ip: request.ip,
        requestId: request.id,
      });
      if (!outcome.ok) {
        return reply
          .status(outcome.status)
          .header('cache-control', 'no-store')
          .send(
            outcome.status === 403
              ? forbidden
              : outcome.status === 415
                ? { error: { code: 'unsupported-type', message: 'This file cannot be opened.' } }
                : { error: { code: 'not-found', message: 'File not found.' } },
          );
      }
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', outcome.document.contentType)
        .header('content-disposition', contentDisposition(outcome.document.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(outcome.bytes));
    },
  );

  // Any content type, JSON and text included, as raw bytes, on this plugin's routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_r, body, done) => done(null, body),
  );
  app.put<{
    Params: { category: string; fileName: string };
    Querystring: Record<string, unknown>;
  }>(
    `${UPLOAD_PATH}/:category/:fileName`,
    { schema: { hide: true }, bodyLimit: MAX_UPLOAD_BYTES },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await files.upload(
        request.params.category,
        request.params.fileName,
        request.query,
        {
          bytes,
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        },
        { ip: request.ip, requestId: request.id },
      );
      if (!outcome.ok) {
        const body =
          outcome.status === 403
            ? forbidden
            : outcome.status === 415
              ? { error: { code: 'unsupported-type', message: 'Images and PDF files only.' } }
              : outcome.status === 429
                ? { error: { code: 'upload-quota', message: 'Too many files today.' } }
                : {
                    error: { code: 'conflict', message: 'A file with this name is already there.' },
                  };
        return reply.status(outcome.status).send(body);
      }
      return reply.status(201).send({
        id: outcome.document.id,
        uri: documentUri(outcome.document),
      });
    },
  );
  done();
}

import type { FastifyInstance } from 'fastify';
import { GLOBAL_RATE_LIMIT } from '../../platform/http-plugins';
import { INVOICE_PDF_PATH, type InvoiceService } from './invoices';

/*
 * Signed invoice PDFs (the files module's pattern). No bearer token: the HMAC in the query
 * names the customer, the path and the expiry (5 minutes).
 *
 *   GET /billing/invoices/:invoiceId/invoice.pdf?customer=&expires=&signature=
 *   GET /billing/invoices/:invoiceId/receipt.pdf?…   (the HSA/FSA itemized receipt)
 *       200 application/pdf (no-store); 403 {error: {code: 'forbidden'}} when the signature
 *       does not match, has expired or names another customer (audited); 429 past the API's
 *       per-address limit.
 */
export function invoiceRoutes(
  app: FastifyInstance,
  options: { invoices: InvoiceService },
  done: () => void,
) {
  app.get<{
    Params: { invoiceId: string; document: string };
    Querystring: Record<string, unknown>;
  }>(
    `${INVOICE_PDF_PATH}/:invoiceId/:document`,
    {
      schema: { hide: true },
      // The global limit spares GETs outside the API's paths (the web app's pages), and these
      // are GETs under /billing, which is also a page of the app: the API's limit is set on
      // the route itself (issue 45), without the page exemption, counted for these PDFs.
      config: { rateLimit: { ...GLOBAL_RATE_LIMIT, allowList: [] } },
    },
    async (request, reply) => {
      const document =
        request.params.document === 'invoice.pdf'
          ? 'invoice'
          : request.params.document === 'receipt.pdf'
            ? 'receipt'
            : null;
      const outcome = document
        ? await options.invoices.download(request.params.invoiceId, document, request.query, {
            ip: request.ip,
            requestId: request.id,
          })
        : ({ ok: false, status: 404 } as const);
      if (!outcome.ok) {
        return reply
          .status(outcome.status)
          .header('cache-control', 'no-store')
          .send({
            error:
              outcome.status === 403
                ? { code: 'forbidden', message: 'This link is not valid any more.' }
                : { code: 'not-found', message: 'Not found.' },
          });
      }
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${outcome.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(outcome.bytes);
    },
  );
  done();
}

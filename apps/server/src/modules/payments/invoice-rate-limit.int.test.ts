import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { GLOBAL_RATE_LIMIT } from '../../platform/http-plugins';
import { INVOICE_PDF_PATH } from './invoices';

// Issue 45: the invoice and receipt PDFs are GETs outside the API's paths, so the global
// per-address limit let them through untouched (it spares the web app's pages): anyone could
// ask for PDFs (each a signature check, an audit row, a render) as fast as they could send.
// The API's limit now applies to them.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('invoice PDFs and the API rate limit (issue 45)', () => {
  it(`answers 429 past ${GLOBAL_RATE_LIMIT.max} requests a minute from one address`, async () => {
    const url = `${INVOICE_PDF_PATH}/00000000-0000-4000-8000-000000000000/invoice.pdf?customer=x&expires=1&signature=A`;
    // One after another: @fastify/rate-limit's in-memory store hands every request of one
    // tick the same counter object, so a burst injected at once reads the final count.
    const statuses: number[] = [];
    for (let i = 0; i < GLOBAL_RATE_LIMIT.max + 5; i += 1) {
      const res = await server.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.23' });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(GLOBAL_RATE_LIMIT.max);
    expect(statuses.slice(GLOBAL_RATE_LIMIT.max)).toEqual([429, 429, 429, 429, 429]);
    // Another address is not held back by the first one's requests.
    const other = await server.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.24' });
    expect(other.statusCode).toBe(403);
  });
});

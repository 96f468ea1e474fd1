import { beforeEach, describe, expect, it } from 'vitest';
import { graphql, type TestServer } from '../../../test/harness';
import { change, monthlyCustomer, quoteFor, saveCard } from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';
import { pdfText } from './pdf-text';

let server: TestServer;
useBillingServer((started) => (server = started), {
  env: {
    PROVIDER_LEGAL_NAME: 'Clinic Test Medical PC',
    PROVIDER_TAX_ID: '12-3456789',
  },
});
beforeEach(() => {
  server.clock.set('2026-03-10T18:00:00Z');
});

const INVOICES = `query { invoices {
  id number description date total amount_paid currency status subscription_id service_date
  line_items { kind description amount }
  shipping_address { street_address1 city state_code zip_code }
} }`;

const PDF_URL = `query P($id: ID!, $doc: InvoiceDocument) {
  invoicePdfUrl(invoiceId: $id, document: $doc) { downloadUrl errorMessage errorCode }
}`;

interface InvoiceData {
  id: string;
  number: string;
  total: number;
  amount_paid: number;
  status: string;
  line_items: { kind: string; description: string; amount: number }[];
  [key: string]: unknown;
}

async function invoicesOf(token: string) {
  const res = await graphql<{ invoices: InvoiceData[] }>(server, INVOICES, token);
  expect(res.errors).toBeUndefined();
  return res.data?.invoices ?? [];
}

async function pdfUrl(token: string, id: string, doc?: 'INVOICE' | 'HSA_FSA_RECEIPT') {
  const res = await graphql<{
    invoicePdfUrl: { downloadUrl: string | null; errorMessage: string | null; errorCode: string };
  }>(server, PDF_URL, token, { id, doc: doc ?? null });
  expect(res.errors).toBeUndefined();
  return res.data?.invoicePdfUrl;
}

/** The signed URL is a same-origin path, resolved here against the test server's address. */
function fetchSigned(url: string) {
  return fetch(new URL(url, server.url));
}

async function paidChange(length: number) {
  const alex = await monthlyCustomer(server);
  await saveCard(server, alex.token, '4242424242424242');
  const vars = { sub: alex.subscription.id, length, addons: ['high-dose'] };
  const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
  if (!quote) throw new Error('no quote');
  const res = await change(server, alex.token, vars, quote);
  expect(res.errors).toBeUndefined();
  return alex;
}

describe('GetInvoices (spec 02 §3, §7)', () => {
  it('a paid change issues one paid invoice whose lines add up to what was charged', async () => {
    const alex = await paidChange(6);
    const [invoice, ...rest] = await invoicesOf(alex.token);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{6}$/) as unknown,
      description: 'Weight Management (GLP-1), 6 months',
      total: 5_132,
      amount_paid: 5_132,
      currency: 'USD',
      status: 'paid',
      subscription_id: alex.subscription.id,
      service_date: '2026-03-10',
      shipping_address: { street_address1: '1 Main St', city: 'Austin', state_code: 'TX' },
    });
    expect(invoice?.line_items).toEqual([
      { kind: 'plan', description: 'Weight Management (GLP-1), 6 months', amount: 24_900 },
      { kind: 'addon', description: 'Add-on: high-dose', amount: 5_000 },
      {
        kind: 'proration',
        description: 'Refund for the unused part of your current period',
        amount: -24_768,
      },
    ]);
    expect(invoice?.line_items.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice?.total);
  });

  it('a declined change issues a payment-due invoice with nothing paid', async () => {
    const alex = await monthlyCustomer(server);
    await saveCard(server, alex.token, '4000000000000341');
    const vars = { sub: alex.subscription.id, length: 3 };
    const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    const res = await change(server, alex.token, vars, quote);
    expect(res.errors?.[0]?.extensions?.code).toBe('TC108');
    const invoices = await invoicesOf(alex.token);
    expect(invoices.map((i) => [i.status, i.total, i.amount_paid])).toEqual([
      ['payment_due', quote.amountDue, 0],
    ]);
  });

  it('lists newest first; another customer sees none of them', async () => {
    const alex = await paidChange(3);
    server.clock.advance(60_000);
    const vars = { sub: alex.subscription.id, length: 6, addons: ['high-dose'] };
    const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    expect((await change(server, alex.token, vars, quote)).errors).toBeUndefined();
    const invoices = await invoicesOf(alex.token);
    expect(invoices.map((i) => i.description)).toEqual([
      'Weight Management (GLP-1), 6 months',
      'Weight Management (GLP-1), 3 months',
    ]);
    const eve = await monthlyCustomer(server);
    expect(await invoicesOf(eve.token)).toEqual([]);
  });
});

describe('GetInvoicePdfUrl and the signed PDF (spec 02 §7, C107)', () => {
  it('the invoice opens as a PDF that says its number and total', async () => {
    const alex = await paidChange(6);
    const [invoice] = await invoicesOf(alex.token);
    if (!invoice) throw new Error('no invoice');
    const answer = await pdfUrl(alex.token, invoice.id);
    expect(answer).toMatchObject({ errorMessage: null, errorCode: null });
    // A same-origin path: the page opens it at its own origin, whichever it was reached at.
    expect(answer?.downloadUrl).toMatch(/^\/billing\/invoices\/[^/]+\/invoice\.pdf\?customer=/);
    const response = await fetchSigned(answer?.downloadUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(invoice.number);
    expect(text).toContain('$51.32');
    expect(text).toContain('-$247.68');
    expect(text).toContain('1 Main St');
  });

  it('the HSA/FSA receipt lists the patient, provider, date of service, medications and amount paid', async () => {
    const alex = await paidChange(6);
    const [invoice] = await invoicesOf(alex.token);
    if (!invoice) throw new Error('no invoice');
    const answer = await pdfUrl(alex.token, invoice.id, 'HSA_FSA_RECEIPT');
    const response = await fetchSigned(answer?.downloadUrl ?? '');
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF');
    const text = pdfText(bytes);
    expect(text).toContain(`${alex.customer.firstName} ${alex.customer.lastName}`);
    expect(text).toContain('Date of service: 03/10/2026');
    expect(text).toContain('Medication: high-dose');
    expect(text).toContain('Provider');
    // The provider from the config (PROVIDER_LEGAL_NAME, PROVIDER_TAX_ID).
    expect(text).toContain('Clinic Test Medical PC');
    expect(text).toContain('Tax id (EIN): 12-3456789');
    expect(text).toMatch(/Amount paid[\s\S]*\$51\.32/);
  });

  it("another customer gets C107 for the first one's invoice, and its URL is refused", async () => {
    const alex = await paidChange(6);
    const eve = await monthlyCustomer(server);
    const [invoice] = await invoicesOf(alex.token);
    if (!invoice) throw new Error('no invoice');
    expect(await pdfUrl(eve.token, invoice.id)).toEqual({
      downloadUrl: null,
      errorMessage: 'This invoice cannot be downloaded.',
      errorCode: 'C107',
    });
    expect((await pdfUrl(eve.token, 'not-an-id'))?.errorCode).toBe('C107');

    const url = new URL((await pdfUrl(alex.token, invoice.id))?.downloadUrl ?? '', server.url);
    // Eve's id in place of alex's breaks the signature.
    url.searchParams.set('customer', eve.customer.id);
    expect((await fetchSigned(url.toString())).status).toBe(403);
    // Alex's signed URL on another invoice's path is refused too.
    const other = await paidChange(3);
    const [otherInvoice] = await invoicesOf(other.token);
    const moved = (await pdfUrl(alex.token, invoice.id))?.downloadUrl ?? '';
    expect((await fetchSigned(moved.replace(invoice.id, otherInvoice?.id ?? ''))).status).toBe(403);
  });

  it('a URL older than five minutes is refused', async () => {
    const alex = await paidChange(6);
    const [invoice] = await invoicesOf(alex.token);
    const answer = await pdfUrl(alex.token, invoice?.id ?? '');
    server.clock.advance(5 * 60_000 + 1_000);
    expect((await fetchSigned(answer?.downloadUrl ?? '')).status).toBe(403);
  });
});

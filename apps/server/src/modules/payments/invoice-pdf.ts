import { calendarDateIn, DEFAULT_TIME_ZONE, formatCents } from '@portal/domain';
import type PDFDocument from 'pdfkit';
import { lazyPackage } from '../../platform/lazy-package';
import type { InvoiceRow } from './invoice-store';

// Invoice and HSA/FSA receipt PDFs, drawn with pdfkit's built-in Helvetica (no font files).
// Tests render with compress: false so the text can be read from the bytes.

export interface PdfOptions {
  compress?: boolean;
  /** The provider named on invoices and receipts (PROVIDER_LEGAL_NAME, PROVIDER_TAX_ID). */
  provider?: { legalName: string; taxId: string } | undefined;
}

/** The config's defaults, for renders without options (the benchmarks). */
const DEFAULT_PROVIDER = { legalName: 'Portal Health Medical Group (demo)', taxId: '00-0000000' };
const PROVIDER_ADDRESS = '100 Market Street, San Francisco, CA 94105';

function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m ?? ''}/${d ?? ''}/${y ?? ''}`;
}

function issued(invoice: InvoiceRow): string {
  return usDate(calendarDateIn(invoice.issuedAt, DEFAULT_TIME_ZONE));
}

function number(invoice: InvoiceRow): string {
  return `INV-${String(invoice.seq).padStart(6, '0')}`;
}

/** pdfkit and its fonts (about 90 ms of CPU to load) load with the first PDF, not at start. */
const pdfkit = lazyPackage<typeof PDFDocument>('pdfkit');

function toBuffer(draw: (doc: PDFKit.PDFDocument) => void, options?: PdfOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new (pdfkit())({
      size: 'LETTER',
      margin: 54,
      compress: options?.compress ?? true,
      info: { Title: 'Invoice', Producer: 'Portal' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function row(doc: PDFKit.PDFDocument, left: string, right: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
  doc.text(left, 54, y, { width: 380 });
  const after = doc.y;
  doc.text(right, 440, y, { width: 118, align: 'right' });
  doc.y = Math.max(after, doc.y) + 4;
}

function header(
  doc: PDFKit.PDFDocument,
  title: string,
  invoice: InvoiceRow,
  options?: PdfOptions,
): void {
  doc.font('Helvetica-Bold').fontSize(20).text(title);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).fillColor('#444');
  doc.text((options?.provider ?? DEFAULT_PROVIDER).legalName);
  doc.text(PROVIDER_ADDRESS);
  doc.fillColor('black').moveDown();
  doc.fontSize(11);
  doc.text(`Invoice number: ${number(invoice)}`);
  doc.text(`Date: ${issued(invoice)}`);
  doc.text(`Status: ${invoice.status === 'paid' ? 'Paid' : 'Payment due'}`);
  doc.moveDown();
}

/** The invoice: number, date, status, shipping address, line items and the total. */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  patient: { name: string } | null,
  options?: PdfOptions,
): Promise<Buffer> {
  return toBuffer((doc) => {
    header(doc, 'Invoice', invoice, options);
    if (patient) doc.font('Helvetica-Bold').text('Bill to').font('Helvetica').text(patient.name);
    const address = invoice.shippingAddress;
    if (address) {
      doc.moveDown(0.5).font('Helvetica-Bold').text('Ship to').font('Helvetica');
      doc.text(address.streetAddress1);
      if (address.streetAddress2) doc.text(address.streetAddress2);
      doc.text(`${address.city}, ${address.stateCode} ${address.zipCode}`);
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text(invoice.description).moveDown(0.5);
    for (const line of invoice.lines) row(doc, line.description, formatCents(line.amount));
    doc.moveDown(0.5);
    row(doc, 'Total', formatCents(invoice.total), true);
    row(doc, 'Amount paid', formatCents(invoice.amountPaid));
    if (invoice.total > invoice.amountPaid) {
      row(doc, 'Amount due', formatCents(invoice.total - invoice.amountPaid), true);
    }
    refundedRows(doc, invoice);
  }, options);
}

/**
 * The HSA/FSA itemized receipt: patient, provider, date of service, one line per medication,
 * the membership and any fee, and the amount paid.
 */
export function renderReceiptPdf(
  invoice: InvoiceRow,
  patient: { name: string; dob: string | null } | null,
  options?: PdfOptions,
): Promise<Buffer> {
  return toBuffer((doc) => {
    header(doc, 'Itemized receipt (HSA/FSA)', invoice, options);
    doc.font('Helvetica-Bold').text('Patient').font('Helvetica');
    doc.text(patient?.name ?? '');
    if (patient?.dob) doc.text(`Date of birth: ${usDate(patient.dob)}`);
    doc.moveDown(0.5).font('Helvetica-Bold').text('Provider').font('Helvetica');
    const provider = options?.provider ?? DEFAULT_PROVIDER;
    doc.text(invoice.providerName ?? provider.legalName);
    doc.text(`Tax id (EIN): ${provider.taxId}`);
    doc
      .moveDown(0.5)
      .text(`Date of service: ${usDate(invoice.serviceDate)}`)
      .moveDown();
    const medications = invoice.lines.filter((l) => l.medication);
    for (const line of medications) {
      const label =
        line.kind === 'plan'
          ? `Membership with medication: ${line.medication ?? ''} (${line.description})`
          : `Medication: ${line.medication ?? ''}`;
      row(doc, label, formatCents(line.amount));
    }
    const other = invoice.lines.filter((l) => !l.medication);
    for (const line of other) {
      const label = line.kind === 'fee' ? `Fee: ${line.description}` : line.description;
      row(doc, label, formatCents(line.amount));
    }
    doc.moveDown(0.5);
    row(doc, 'Amount paid', formatCents(invoice.amountPaid), true);
    refundedRows(doc, invoice);
  }, options);
}

/** A refunded invoice says what was given back and what the customer paid in the end. */
function refundedRows(doc: PDFKit.PDFDocument, invoice: InvoiceRow): void {
  if (invoice.amountRefunded <= 0) return;
  row(doc, 'Refunded', formatCents(-invoice.amountRefunded));
  row(doc, 'Net paid', formatCents(invoice.amountPaid - invoice.amountRefunded), true);
}

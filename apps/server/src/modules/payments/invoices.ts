import { SIGNED_URL_TTL_SECONDS } from '@portal/domain';
import type { InvoiceDraft, InvoiceLine } from '../../db/schema/payments';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UrlSigner } from '../../platform/signed-urls';
import type { Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { renderInvoicePdf, renderReceiptPdf, type PdfOptions } from './invoice-pdf';
import type { InvoiceRow, InvoiceStore } from './invoice-store';
import type { ChargeRow } from './store';

export type { InvoiceDraft, InvoiceLine, InvoiceRow };

/** Spec 02 §9: GetInvoices answers at most 50, newest first. */
export const INVOICES_LIMIT = 50;
export const INVOICE_PDF_PATH = '/billing/invoices';
export type InvoiceDocument = 'invoice' | 'receipt';

export function invoiceNumber(row: Pick<InvoiceRow, 'seq'>): string {
  return `INV-${String(row.seq).padStart(6, '0')}`;
}

export type DownloadOutcome =
  { ok: true; fileName: string; bytes: Buffer } | { ok: false; status: 403 | 404 };

/** Called in the paying transaction when an invoice becomes paid (see InvoiceService.onPaid). */
export type InvoicePaidListener = (work: Work, invoice: InvoiceRow) => Promise<void>;

interface InvoiceDeps {
  store: InvoiceStore;
  /** The shipping address an invoice keeps, and the patient its PDF names. */
  customers: Pick<CustomerService, 'shippingAddressSnapshot' | 'patientFacts'>;
  audit: AuditLog;
  clock: Clock;
  signer: UrlSigner;
  publicUrl: string;
  pdf?: PdfOptions | undefined;
}

/** Invoices: issued with their charge, listed, and downloaded as PDFs through signed URLs. */
export class InvoiceService {
  private readonly paidListeners: InvoicePaidListener[] = [];

  constructor(private readonly deps: InvoiceDeps) {}

  /**
   * Issue 44: told, in the paying transaction, each time an invoice becomes paid (issued paid,
   * or a payment-due one paid after all) and never again for it: a replayed settlement finds
   * the invoice paid already. The referral credit listens here (services.ts).
   */
  onPaid(listener: InvoicePaidListener): void {
    this.paidListeners.push(listener);
  }

  /**
   * Issues the invoice of a settled charge in the settling transaction: paid, or payment due
   * (a declined charge whose owner bills the whole amount anyway). One per charge: the unique
   * charge id makes a second call do nothing, except that a charge paid after all (a late
   * success) turns its payment-due invoice paid.
   */
  async issue(
    work: Work,
    charge: ChargeRow,
    draft: InvoiceDraft,
    /** What the invoice asks for: the charge's amount, or a declined one's whole bill. */
    total = charge.amount,
  ): Promise<InvoiceRow | undefined> {
    const store = this.deps.store.in(work.tx);
    const now = this.deps.clock.now();
    const paid = charge.status === 'succeeded';
    const row = await store.insert({
      customerId: charge.customerId,
      subscriptionId: charge.subscriptionId,
      chargeId: charge.id,
      status: paid ? 'paid' : 'payment_due',
      description: draft.description,
      total,
      amountPaid: paid ? charge.amount : 0,
      lines: draft.lines,
      shippingAddress: await this.deps.customers.shippingAddressSnapshot(
        charge.customerId,
        work.tx,
      ),
      serviceDate: draft.serviceDate,
      providerName: draft.providerName,
      issuedAt: now,
      updatedAt: now,
    });
    const settled = row ?? (paid ? await store.markPaid(charge.id, charge.amount, now) : undefined);
    if (settled) {
      await work.audit({
        action: row ? 'create' : 'update',
        entity: 'invoice',
        entityId: settled.id,
        details: { customerId: settled.customerId, total: settled.total, status: settled.status },
      });
      if (settled.status === 'paid') {
        for (const listener of this.paidListeners) await listener(work, settled);
      }
    }
    return settled;
  }

  /**
   * A refund of its charge went through: the invoice shows what was given back. Part of the
   * refund's own change: the refund's audit row names the invoice (one row per change).
   */
  refunded(work: Work, chargeId: string, cents: number): Promise<InvoiceRow | undefined> {
    return this.deps.store.in(work.tx).addRefunded(chargeId, cents, this.deps.clock.now());
  }

  /** The invoice of a charge (the refund mail names it). */
  ofCharge(chargeId: string): Promise<InvoiceRow | undefined> {
    return this.deps.store.ofCharge(chargeId);
  }

  /** GetInvoices: the customer's invoices, newest first, at most 50. */
  async list(customerId: string, actor: AuditActor): Promise<InvoiceRow[]> {
    const rows = await this.deps.store.list(customerId, INVOICES_LIMIT);
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'invoice',
      entityId: null,
      details: { operation: 'GetInvoices', customerId, count: rows.length },
    });
    return rows;
  }

  /**
   * The care console's patient page (issue 41): the customer's invoices as GetInvoices lists
   * them, not audited here (the patient overview audits its one read, naming the section).
   */
  listForCareTeam(customerId: string): Promise<InvoiceRow[]> {
    return this.deps.store.list(customerId, INVOICES_LIMIT);
  }

  /** GetInvoicePdfUrl: a 5-minute URL to the invoice (or its HSA/FSA receipt); null if not theirs. */
  async pdfUrl(
    customerId: string,
    invoiceId: string,
    document: InvoiceDocument,
    actor: AuditActor,
  ): Promise<string | null> {
    const invoice = await this.deps.store.own(customerId, invoiceId);
    if (!invoice) return null;
    await this.deps.audit.record(actor, {
      action: 'sign',
      entity: 'invoice',
      entityId: invoice.id,
      details: { operation: 'GetInvoicePdfUrl', document },
    });
    const signed = this.deps.signer.sign({
      path: pdfPath(invoice.id, document),
      customerId,
      expires: Math.floor(this.deps.clock.now().getTime() / 1000) + SIGNED_URL_TTL_SECONDS,
    });
    return signed;
  }

  /** GET of a signed invoice URL: the signature, expiry and owner decide; every outcome audited. */
  async download(
    invoiceId: string,
    document: InvoiceDocument,
    query: Record<string, unknown>,
    meta: { ip?: string | undefined; requestId?: string | undefined },
  ): Promise<DownloadOutcome> {
    const check = this.deps.signer.verify(
      pdfPath(invoiceId, document),
      query,
      this.deps.clock.now(),
    );
    const claimed = typeof query.customer === 'string' ? query.customer.slice(0, 64) : null;
    const refuse = async (reason: string): Promise<DownloadOutcome> => {
      await this.deps.audit.record(
        { type: 'anonymous', id: claimed, ...meta },
        {
          action: 'download_refused',
          entity: 'invoice',
          entityId: invoiceId.slice(0, 64),
          details: { reason, document },
        },
      );
      return { ok: false, status: 403 };
    };
    if (!check.ok) return refuse(check.reason);
    const invoice = /^[0-9a-f-]{36}$/i.test(invoiceId)
      ? await this.deps.store.byId(invoiceId)
      : undefined;
    if (!invoice || invoice.customerId !== check.parts.customerId) return refuse('not-owner');
    const patient = await this.deps.customers.patientFacts(invoice.customerId);
    const bytes =
      document === 'invoice'
        ? await renderInvoicePdf(invoice, patient ?? null, this.deps.pdf)
        : await renderReceiptPdf(invoice, patient ?? null, this.deps.pdf);
    await this.deps.audit.record(
      { type: 'customer', id: invoice.customerId, ...meta },
      { action: 'download', entity: 'invoice', entityId: invoice.id, details: { document } },
    );
    const number = invoiceNumber(invoice);
    return {
      ok: true,
      fileName: document === 'invoice' ? `${number}.pdf` : `${number}-hsa-fsa-receipt.pdf`,
      bytes,
    };
  }
}

function pdfPath(invoiceId: string, document: InvoiceDocument): string {
  return `${INVOICE_PDF_PATH}/${invoiceId}/${document}.pdf`;
}

import type { InvoiceDraft } from '../../db/schema/payments';
import type { Work } from '../../platform/unit-of-work';
import type { ChargeRow } from './store';

// What the payments module knows of the modules that charge: nothing but these ports. Billing
// and bulk orders hand it an intent (who, what, how much, which key) and register a handler per
// purpose; the engine calls the handler in the transaction that records the processor's answer.
// Payments imports neither module: they import payments (no circle).

/** Runs after the settling transaction commits (publishing a notice, a live update). */
export type AfterCommit = () => Promise<void>;

/** A charge to make: what the owner asks of the engine (charging.ts `begin`). */
export interface ChargeIntent {
  customerId: string;
  /** The plan the invoice belongs to (billing's charges); null otherwise. */
  subscriptionId: string | null;
  /** Which registered handler applies the outcome. */
  purpose: string;
  /** The owner's id for what is paid (a subscription, a bulk action). */
  reference: string | null;
  /** Made before the first attempt and kept for every retry: the processor charges once per key. */
  key: string;
  /** Cents, priced by the server (never by the browser). */
  amount: number;
  /** The processor's payment method to charge (null: nothing to charge with, declined). */
  paymentMethodId: string | null;
  description: string;
  /**
   * true when the customer is at the screen and can answer a 3-D Secure challenge (bulk card
   * payments); false for renewals, jobs and plan changes (such a card is then declined).
   */
  onSession: boolean;
  /** The owner's own record of what the charge pays for (opaque to payments). */
  intent: Record<string, unknown>;
  /** The invoice a success issues; null issues none. */
  invoice: InvoiceDraft | null;
}

/** Why a charge is put in front of the care team (charges.attention; issue 45). */
export type AttentionReason = 'notApplied' | 'creditsShort';

/** What a handler's success hook produced. */
export interface Applied {
  /** Kept on the charge (a plan change's new contract), answered to replays. */
  result?: unknown;
  afterCommit?: AfterCommit | undefined;
  /**
   * Applied, but something about the money is not as it should be (credits given back at a
   * failure that could not all be taken again): recorded on the charge for the care team.
   */
  attention?: { reason: AttentionReason; details: Record<string, unknown> } | undefined;
  /**
   * Paid for nothing payable (why): another payment of ours paid the same thing first (a
   * card and a checkout for one order at the same moment). Nothing is applied; the charge is
   * refunded in full through the processor and shown to the care team (issue 45).
   */
  notApplicable?: string | undefined;
}

/** How a success is being applied. */
export interface ApplyContext {
  /** The job applying again what failed to apply before (the payment itself was recorded). */
  retry: boolean;
  /**
   * The processor's success came after we had marked the charge failed (reconciliation found
   * nothing under its key while the request was still out): applyFailed ran for it already,
   * so what it gave back (credits) must be taken again. A late success always wins.
   */
  afterFailure: boolean;
}

/** What a handler's failure hook asks for. */
export interface FailedApplied {
  /** A payment-due invoice for the whole bill (billing's declined renewals and changes). */
  invoice?: { draft: InvoiceDraft; total: number } | undefined;
  afterCommit?: AfterCommit | undefined;
}

export interface PurposeHandler {
  /**
   * In the settling transaction, once the success is recorded: applies what the charge pays
   * for. A throw keeps the charge paid and unfulfilled (its savepoint rolled back): the job
   * calls it again with retry true, and the care team sees it meanwhile.
   */
  applySucceeded(work: Work, charge: ChargeRow, context: ApplyContext): Promise<Applied>;
  /** In the settling transaction of a declined or failed charge (credits given back…). */
  applyFailed(work: Work, charge: ChargeRow): Promise<FailedApplied>;
  /** After any settlement's commit (live updates). */
  settled(charge: ChargeRow): Promise<void>;
}

/** A verified checkout.completed event, as the owner of checkouts sees it. */
export interface CompletedCheckout {
  eventId: string;
  checkoutId: string;
  clientReference: string;
  amountCents: number;
  chargeId: string | null;
}

/** What a paid checkout is, as its owner judges it (inside the event's transaction). */
export type CheckoutOutcome =
  /** A charge for something payable, at the amount the server priced: applied, invoiced. */
  | { kind: 'charge'; request: Omit<ChargeIntent, 'key' | 'paymentMethodId' | 'onSession'> }
  /**
   * Paid for nothing payable any more (paid already by card or by another checkout, no longer
   * pending, another amount): the money is recorded, refunded and shown to the care team.
   */
  | { kind: 'notApplicable'; customerId: string; description: string; why: string };

/** The owner of hosted checkouts (bulk pay-later): what a paid checkout is a charge for. */
export interface CheckoutHandler {
  purpose: string;
  /**
   * Inside the event's transaction: what the paid checkout is; null only when its reference
   * names nothing the owner knows (no customer to record it for).
   */
  chargeFor(work: Work, checkout: CompletedCheckout): Promise<CheckoutOutcome | null>;
}

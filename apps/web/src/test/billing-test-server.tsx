import type { ReactNode } from 'react';
import type {
  GetCustomerPaymentSourcesQuery,
  GetSubscriptionPriceChangeQuoteQuery,
  GetTreatmentPricingMapQuery,
} from '../gql/graphql';
import type { Invoice } from '../features/billing/use-invoices';
import type { BillingSubscription } from '../features/billing/use-subscription';
import { GraphqlRequestError } from '../lib/api/graphql-client';
import { FALLBACK_APP_CONFIG, type PaymentsConfig } from '../lib/config';
import { CUSTOMER, renderWithServices } from './render-with-services';

// Test-only: a fake billing server for component tests (issue 11). It keeps a plan, saved
// cards, invoices and the quotes it made; a change must send the quote's id and signature.

type Quote = GetSubscriptionPriceChangeQuoteQuery['subscriptionPriceChangeQuote'];
type PaymentSource = GetCustomerPaymentSourcesQuery['customerPaymentSources'][number];
type PricingEntry = GetTreatmentPricingMapQuery['treatmentPricingMap'][number];

/** Subscription ids are uuids on the server (the domain schemas check them). */
export const PLAN_ID = '5b0c2f4e-8a51-4a36-9d3e-2f1b7c9a4e10';

export const BILLING_CUSTOMER = {
  ...CUSTOMER,
  subscriptions: [{ id: PLAN_ID, status: 'active' }],
};

export const VISA: NonNullable<BillingSubscription['payment_source']> = {
  payment_source_id: 'ps-1',
  brand: 'Visa',
  mask: '************4242',
  expiry_month: 4,
  expiry_year: 2030,
  display_name: 'Visa ending 4242',
  billing_address: {
    first_name: 'Alejandro',
    last_name: 'Rivera',
    street_address1: '500 Market St',
    street_address2: null,
    city: 'San Francisco',
    state: 'California',
    state_code: 'CA',
    zip_code: '94105',
  },
};

export function monthlyPlan(overrides: Partial<BillingSubscription> = {}): BillingSubscription {
  return {
    id: PLAN_ID,
    status: 'active',
    term: 1,
    price: 34_900,
    renewal_date: '2026-04-01',
    isUpfrontPayment: false,
    plan_type: 'weightmanagement',
    item_price_id: 'weightmanagement-monthly-USD',
    treatment_id: 't1',
    addons: ['high-dose'],
    contract: {
      id: 'k1',
      start_date: '2026-03-01',
      end_date: '2026-04-01',
      length: 1,
      price: 34_900,
      discount_amount: 0,
      auto_renew: true,
      status: 'active',
    },
    payment_source: VISA,
    ...overrides,
  };
}

export const PRICING: PricingEntry[] = [
  {
    item_price_id: 'weightmanagement-monthly-USD',
    plan_duration: 1,
    plan_price: 29_900,
    is_upfront_payment: false,
  },
  {
    item_price_id: 'weightmanagement-3-month-USD',
    plan_duration: 3,
    plan_price: 27_900,
    is_upfront_payment: false,
  },
  {
    item_price_id: 'weightmanagement-6-month-USD',
    plan_duration: 6,
    plan_price: 24_900,
    is_upfront_payment: false,
  },
  {
    item_price_id: 'weightmanagement-6-month-upfront-USD',
    plan_duration: 6,
    plan_price: 134_400,
    is_upfront_payment: true,
  },
  {
    item_price_id: 'weightmanagement-12-month-USD',
    plan_duration: 12,
    plan_price: 21_900,
    is_upfront_payment: false,
  },
];

export function invoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `inv-${String(n)}`,
    number: `INV-00${String(n)}`,
    description: 'Weight management, monthly',
    date: `2026-0${String(n)}-01T17:00:00Z`,
    total: 34_900,
    status: 'paid',
    subscription_id: PLAN_ID,
    updated_at: `2026-0${String(n)}-01T17:00:00Z`,
    ...overrides,
  };
}

export interface BillingFixtures {
  plan?: BillingSubscription | null;
  planError?: string;
  paymentSources?: PaymentSource[];
  paymentSourcesError?: string;
  pricing?: PricingEntry[];
  /** GetTreatmentPricingMap fails with this code. */
  pricingError?: string;
  /** GetCorporateHealth: the personify tag and flag together (spec 02 §6); off unless said. */
  corporateHealth?: boolean;
  invoices?: Invoice[];
  invoicesError?: string;
  pdfUrl?: { downloadUrl: string | null; errorMessage: string | null };
  /** changeCustomerSubscription fails with this code (and reason). */
  changeError?: { code: string; reason?: string };
  /** replacePaymentSource fails with this code (and reason). */
  replaceError?: { code: string; reason?: string };
  quoteError?: string;
  treatments?: { Name: string; TreatmentShortId: string; ItemPriceId: string | null }[];
  /** Feature flags on for this render (all off unless said). */
  flags?: Record<string, boolean>;
  /** The processor /config.json names (the sandbox unless said). */
  payments?: PaymentsConfig;
  /** startCardSetup fails with this code. */
  cardSetupError?: string;
}

export const failure = (code: string, reason?: string) =>
  new GraphqlRequestError(code, 'failed', [
    { message: 'failed', extensions: { code, ...(reason ? { reason } : {}) } },
  ]);

export function createBillingState(f: BillingFixtures) {
  let plan = f.plan === undefined ? monthlyPlan() : f.plan;
  const quotes = new Map<string, Quote>();
  let quoteCount = 0;

  function answer(name: string, v: Record<string, unknown>): unknown {
    switch (name) {
      case 'GetCustomerSubscription':
        if (f.planError) throw failure(f.planError);
        return { customerSubscription: plan && v.subscriptionId === plan.id ? plan : null };
      case 'GetCustomerPaymentSources':
        if (f.paymentSourcesError) throw failure(f.paymentSourcesError);
        return { customerPaymentSources: f.paymentSources ?? [] };
      case 'GetLiteProgramPricing':
        return {
          liteProgramPricing: [
            {
              plan_duration: 1,
              plan_price: 14_900,
              treatment_id: 't-wm',
              treatment_short_id: 'weightmanagement',
            },
            {
              plan_duration: 3,
              plan_price: 12_900,
              treatment_id: 't-wm',
              treatment_short_id: 'weightmanagement',
            },
          ],
        };
      case 'GetCorporateHealth':
        return { customer: { id: CUSTOMER.id, corporate_health: f.corporateHealth ?? false } };
      case 'GetTreatmentPricingMap':
        if (f.pricingError) throw failure(f.pricingError);
        return { treatmentPricingMap: f.pricing ?? PRICING };
      case 'GetTreatmentConfiguration':
        return {
          treatmentConfiguration: (f.treatments ?? []).map((tr) => ({
            ...tr,
            TreatmentCategory: 'general',
          })),
        };
      case 'GetSubscriptionPriceChangeQuote': {
        if (f.quoteError) throw failure(f.quoteError);
        quoteCount += 1;
        const length = Number(v.newContractLength);
        const entry = (f.pricing ?? PRICING).find(
          (p) => p.plan_duration === length && p.is_upfront_payment === Boolean(v.isUpfrontPayment),
        );
        const newPrice = (entry?.plan_price ?? 30_000) + (v.newAddons as string[]).length * 5_000;
        const quote: Quote = {
          id: `q-${String(quoteCount)}`,
          signature: `sig-${String(quoteCount)}`,
          expiresAt: '2026-03-10T18:15:00Z',
          newPrice,
          oldPrice: plan?.price ?? 0,
          newBasePrice: entry?.plan_price ?? 30_000,
          proratedRefund: 24_763,
          proratedCost: newPrice,
          amountDue: Math.max(0, newPrice - 24_763),
          creditCarried: 0,
          referralCreditApplied: 0,
          accountCreditApplied: 0,
          newTermStart: '2026-03-10',
          newTermEnd: `2026-${String(3 + length).padStart(2, '0')}-10`,
          nextRenewal: '2026-04-10',
          subscriptionStatus: 'active',
          addonDetails: [],
          couponDetails: [],
          paymentSource: plan?.payment_source ?? null,
        };
        quotes.set(quote.id, quote);
        return { subscriptionPriceChangeQuote: quote };
      }
      case 'ChangeCustomerSubscription': {
        const quote = quotes.get(String(v.quoteId));
        if (!quote || quote.signature !== v.quoteSignature) throw failure('TC104');
        if (f.changeError) throw failure(f.changeError.code, f.changeError.reason);
        if (plan) {
          const length = Number(v.newContractLength);
          plan = {
            ...plan,
            term: length,
            price: quote.newPrice,
            addons: v.newAddons as string[],
            plan_type: String(v.newSubscriptionPlanType),
            item_price_id:
              length === 1
                ? `${String(v.newSubscriptionPlanType)}-monthly-USD`
                : `${String(v.newSubscriptionPlanType)}-${String(length)}-month-USD`,
          };
        }
        return {
          changeCustomerSubscription: { newContractId: 'k2', newName: 'plan', statusCode: 200 },
        };
      }
      case 'ReplacePaymentSource':
        if (f.replaceError) throw failure(f.replaceError.code, f.replaceError.reason);
        if (plan) {
          plan = {
            ...plan,
            payment_source: {
              ...VISA,
              payment_source_id: 'ps-2',
              mask: '************4444',
              brand: 'Mastercard',
            },
          };
        }
        return {
          replacePaymentSource: {
            newPaymentSourceId: 'ps-2',
            oldPaymentSourceId: v.oldPaymentSourceId ?? null,
            subscriptionIds: plan ? [plan.id] : [],
            statusCode: 200,
          },
        };
      case 'StartCardSetup':
        if (f.cardSetupError) throw failure(f.cardSetupError);
        return {
          startCardSetup:
            f.payments?.provider === 'stripe'
              ? { provider: 'stripe', setupId: 'seti_1', clientSecret: 'seti_1_secret_x' }
              : { provider: 'sandbox', setupId: null, clientSecret: null },
        };
      case 'CancelSubscription':
        if (plan) plan = { ...plan, status: 'non_renewing' };
        return {
          cancelSubscription: {
            subscriptionId: v.subscriptionId,
            status: 'non_renewing',
            effectiveDate: '2026-04-01',
          },
        };
      case 'GetInvoices':
        if (f.invoicesError) throw failure(f.invoicesError);
        return { invoices: f.invoices ?? [] };
      case 'GetInvoicePdfUrl':
        return {
          invoicePdfUrl: f.pdfUrl ?? {
            // The receipt is the same invoice's other document (invoice-routes.ts).
            downloadUrl: `http://localhost/invoices/${String(v.invoiceId)}${
              v.document === 'HSA_FSA_RECEIPT' ? '/receipt' : ''
            }.pdf?signature=x`,
            errorMessage: null,
          },
        };
      default:
        throw new Error(`No answer for ${name}`);
    }
  }
  return { answer, plan: () => plan };
}

/** Renders `element` at `path` against the fake billing server; other paths name themselves. */
export function renderWithBilling(
  path: string,
  routePath: string,
  element: ReactNode,
  fixtures: BillingFixtures = {},
  customer = BILLING_CUSTOMER,
) {
  const state = createBillingState(fixtures);
  const view = renderWithServices(
    [
      { path: routePath, element },
      ...(routePath === '/billing'
        ? []
        : [{ path: '/billing', element: <main aria-label="billing page" /> }]),
      { path: '*', element: <main aria-label="elsewhere" /> },
    ],
    {
      path,
      customer,
      answer: state.answer,
      flags: fixtures.flags ?? {},
      config: {
        ...FALLBACK_APP_CONFIG,
        payments: fixtures.payments ?? FALLBACK_APP_CONFIG.payments,
      },
    },
  );
  return { ...view, state };
}

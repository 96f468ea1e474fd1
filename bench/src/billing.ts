import { eq } from 'drizzle-orm';
import { subscriptions, treatments } from '../../apps/server/src/db/schema/index';
import type { InvoiceRow } from '../../apps/server/src/modules/payments/invoices';
import { renderInvoicePdf } from '../../apps/server/src/modules/payments/invoice-pdf';
import { DEMO_TREATMENTS } from '../../apps/server/src/demo/catalog';
import { seedBillingCatalogue } from '../../apps/server/src/demo/seed-billing';
import type { Benchmark } from './lib/benchmark';
import type { PortalServer } from './lib/portal';
import { fmt, goal } from './lib/report';
import { percentile } from './lib/stats';

// Billing (issue 11): invoice PDF renders per second (pdfkit, in this process, no database)
// and the price change quote's latency through the service (read the plan, price it in the
// domain, store and sign the quote), per database.

const QUOTES = 200;
/** Issue 46: the quote's p99 on PostgreSQL (the production database). */
const GOAL_P99_MS = 15;

const SAMPLE: InvoiceRow = {
  id: '00000000-0000-4000-8000-000000000001',
  seq: 123,
  customerId: '00000000-0000-4000-8000-000000000002',
  subscriptionId: null,
  chargeId: '00000000-0000-4000-8000-000000000003',
  status: 'paid',
  description: 'Weight Management (GLP-1), 6 months',
  total: 5_132,
  amountPaid: 5_132,
  amountRefunded: 0,
  currency: 'USD',
  lines: [
    { kind: 'plan', description: 'Weight Management (GLP-1), 6 months', amount: 24_900 },
    { kind: 'addon', description: 'Add-on: high-dose', amount: 5_000 },
    { kind: 'proration', description: 'Refund for the unused part', amount: -24_768 },
  ],
  shippingAddress: {
    streetAddress1: '1450 Mission St',
    streetAddress2: 'Apt 5',
    city: 'San Francisco',
    state: 'California',
    stateCode: 'CA',
    zipCode: '94103',
  },
  serviceDate: '2026-03-10',
  providerName: null,
  issuedAt: new Date('2026-03-10T18:00:00Z'),
  updatedAt: new Date('2026-03-10T18:00:00Z'),
};

async function pdfRate(
  seconds: number,
): Promise<{ renders: number; perSecond: number; bytes: number }> {
  await renderInvoicePdf(SAMPLE, { name: 'Alex Rivera' });
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let renders = 0;
  let bytes = 0;
  while (performance.now() < until) {
    bytes = (await renderInvoicePdf(SAMPLE, { name: 'Alex Rivera' })).byteLength;
    renders += 1;
  }
  return { renders, perSecond: renders / ((performance.now() - started) / 1000), bytes };
}

async function quoteLatency(portal: PortalServer): Promise<number[]> {
  const { db } = portal.database;
  await db.insert(treatments).values(DEMO_TREATMENTS).onConflictDoNothing();
  await seedBillingCatalogue(db);
  const [glp1] = await db
    .select()
    .from(treatments)
    .where(eq(treatments.shortId, 'weightmanagement'));
  const customer = portal.seed.customers[0];
  if (!customer || !glp1) throw new Error('no seeded customer or treatment');
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customer.customerId));
  if (!sub) throw new Error('no seeded subscription');
  await db.update(subscriptions).set({ treatmentId: glp1.id }).where(eq(subscriptions.id, sub.id));
  const billing = portal.app.services.billing;
  const actor = { type: 'customer' as const, id: customer.customerId };
  const input = {
    existingSubscriptionId: sub.id,
    newSubscriptionPlanType: 'weightmanagement',
    newAddons: ['high-dose'],
    newContractLength: 12,
    isUpfrontPayment: false,
  } as Parameters<typeof billing.quote>[1];
  const times: number[] = [];
  for (let i = 0; i < QUOTES + 10; i += 1) {
    const started = performance.now();
    await billing.quote(customer.customerId, input, actor);
    if (i >= 10) times.push(performance.now() - started);
  }
  return times;
}

export const billingBench: Benchmark = {
  id: 'billing',
  title: 'Billing: invoice PDFs and the price change quote',
  async run(ctx) {
    ctx.progress('billing: invoice PDF renders');
    const pdf = await pdfRate(Math.max(1, ctx.settings.durationSeconds / 2));
    const rows: string[][] = [];
    const data: Record<string, unknown> = { pdf };
    for (const portal of await ctx.portals()) {
      ctx.progress(`billing: ${String(QUOTES)} quotes on ${portal.label}`);
      const times = await quoteLatency(portal);
      const stats = { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
      data[portal.kind] = { quote: stats };
      rows.push([
        portal.label,
        fmt.ms(stats.p50),
        fmt.ms(stats.p99),
        String(stats.n),
        portal.kind === 'postgres'
          ? goal(stats.p99 < GOAL_P99_MS, `p99 < ${String(GOAL_P99_MS)}`)
          : '',
      ]);
    }
    return {
      tables: [
        {
          title: 'Invoice PDF (pdfkit, one page, compressed)',
          headers: ['', 'renders/s', 'bytes'],
          rows: [['in process', fmt.rate(pdf.perSecond), String(pdf.bytes)]],
        },
        {
          title: 'Price change quote (service call: read, price, store, sign)',
          headers: ['database', 'p50 ms', 'p99 ms', 'quotes', 'goal (PostgreSQL)'],
          rows,
        },
      ],
      notes: [
        'PDF renders run sequentially on one core for half of BENCH_DURATION_SECONDS.',
        `The quote is measured ${String(QUOTES)} times in a row after 10 warm-up calls (the seeded 6-month plan with an add-on, to 12 months).`,
      ],
      data,
    };
  },
};

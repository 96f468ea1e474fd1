// The plan type the quote and the change take (spec 02 §7: newSubscriptionPlanType) is the
// treatment's short id, which is also the product part of its plan's item price id
// (`<product>-monthly-USD`, `<product>-<n>-month[-upfront]-USD`; packages/domain plans.ts).

const PLAN_ITEM_PRICE = /^(.+?)-(?:monthly|\d+-month(?:-upfront)?)-USD$/;

/** The product (treatment short id) of a plan item price id, or null for anything else. */
export function planTypeOfItemPrice(itemPriceId: string | null | undefined): string | null {
  if (!itemPriceId) return null;
  return PLAN_ITEM_PRICE.exec(itemPriceId)?.[1] ?? null;
}

/** Whole months from `today` to `end` (yyyy-MM-dd), counting a started month; never below 0. */
export function monthsLeft(today: string, end: string): number {
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  const months = (ey - ty) * 12 + (em - tm) + (ed > td ? 1 : 0);
  return Math.max(0, months);
}

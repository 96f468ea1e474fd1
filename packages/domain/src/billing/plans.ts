import {
  CONTRACT_LENGTHS_MONTHS,
  UPFRONT_ITEM_PRICE_MARKER,
  type AddonName,
  type ContractLengthMonths,
} from '../constants';

// Plans, item prices and add-ons (spec 02 §3, §9). An item price id names a product's plan for
// one contract length; "upfront" in it marks a plan paid for the whole term at once, the rest
// bill every month of the term.

export function isContractLength(value: number): value is ContractLengthMonths {
  return (CONTRACT_LENGTHS_MONTHS as readonly number[]).includes(value);
}

/** Spec 02 §9: an item price id containing "upfront" marks an upfront payment plan. */
export function isUpfrontItemPrice(itemPriceId: string): boolean {
  return itemPriceId.toLowerCase().includes(UPFRONT_ITEM_PRICE_MARKER);
}

/**
 * The item price id of a product's plan: `<product>-monthly-USD` for month-to-month,
 * `<product>-<n>-month-USD` for a longer term, `<product>-<n>-month-upfront-USD` paid upfront.
 */
export function planItemPriceId(
  productId: string,
  lengthMonths: ContractLengthMonths,
  upfront = false,
): string {
  if (upfront && lengthMonths === 1) throw new RangeError('a one-month plan is not upfront');
  if (lengthMonths === 1) return `${productId}-monthly-USD`;
  return `${productId}-${String(lengthMonths)}-month${upfront ? `-${UPFRONT_ITEM_PRICE_MARKER}` : ''}-USD`;
}

/** How many months one charge of a plan pays for: the whole term if upfront, else one. */
export function billingPeriodMonths(lengthMonths: ContractLengthMonths, upfront: boolean): number {
  return upfront ? lengthMonths : 1;
}

/** Spec 02 §9: the add-ons, each with the sku its item price and quote lines use. */
export const ADDONS = [
  { name: 'high dose', sku: 'high-dose' },
  { name: 'extra meds', sku: 'extra-meds' },
  { name: 'tirzepatide', sku: 'tirzepatide' },
  { name: 'clomid', sku: 'clomid' },
  { name: 'hrt-trt', sku: 'hrt-trt' },
] as const satisfies readonly { name: AddonName; sku: string }[];
export type AddonSku = (typeof ADDONS)[number]['sku'];
export const ADDON_SKUS = ADDONS.map((a) => a.sku) as readonly AddonSku[];

export function isAddonSku(value: string): value is AddonSku {
  return (ADDON_SKUS as readonly string[]).includes(value);
}

export function addonSkuOf(name: AddonName): AddonSku {
  const found = ADDONS.find((a) => a.name === name);
  if (!found) throw new RangeError(`unknown add-on ${name}`);
  return found.sku;
}

/** An add-on's monthly item price id, e.g. `high-dose-USD-monthly`. */
export function addonItemPriceId(sku: AddonSku): string {
  return `${sku}-USD-monthly`;
}

/** The add-on sku an item price id bills, or null when it is not an add-on's. */
export function addonSkuOfItemPrice(itemPriceId: string): AddonSku | null {
  const sku = itemPriceId.replace(/-USD-monthly$/, '');
  return sku !== itemPriceId && isAddonSku(sku) ? sku : null;
}

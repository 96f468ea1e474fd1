import type { Carrier } from '../constants';

// REFERENCES.md (shipments): each carrier's public tracking page; the number is URL-encoded.
const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

/** Spec 02 §7, §9: the tracking link of a shipment; null without a number. */
export function trackingUrl(carrier: Carrier, trackingNumber: string | null): string | null {
  const number = trackingNumber?.trim();
  if (!number) return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}

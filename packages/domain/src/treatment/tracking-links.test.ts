import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking-links';

describe('spec 02 §7, §9: tracking links by carrier', () => {
  it.each([
    ['ups', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['fedex', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    [
      'usps',
      '9400 1000 0000 0000 0000 00',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000%200000%200000%200000%2000',
    ],
    ['ups', 'A&B=1#x', 'https://www.ups.com/track?tracknum=A%26B%3D1%23x'],
  ] as const)('%s %s', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it.each([null, '', '   '])('no link without a number (%s)', (number) => {
    expect(trackingUrl('usps', number)).toBeNull();
  });
});

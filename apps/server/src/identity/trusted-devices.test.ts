import { describe, expect, it } from 'vitest';
import { deviceFamily, readCookie } from './trusted-devices';

// Issue 42: a trusted device is bound to its browser and system family, not their versions.

describe('deviceFamily', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
      'chrome/windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
      'chrome/linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
      'edge/windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
      'safari/ios',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
      'safari/macos',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
      'chrome/android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Linux',
      'firefox/linux',
    ],
    ['curl/8.5.0', 'Browser', 'browser/unknown system'],
    [undefined, 'Browser', 'browser/unknown system'],
  ])('%s → %s', (ua, label, family) => {
    expect(deviceFamily(ua)).toEqual({ label, family });
  });
});

describe('readCookie', () => {
  it('finds one cookie among others, and nothing when it is absent', () => {
    expect(readCookie('a=1; portal_trusted_device=v1.x.y.z; b=2', 'portal_trusted_device')).toBe(
      'v1.x.y.z',
    );
    expect(readCookie('xportal_trusted_device=1', 'portal_trusted_device')).toBeUndefined();
    expect(readCookie(undefined, 'portal_trusted_device')).toBeUndefined();
  });
});

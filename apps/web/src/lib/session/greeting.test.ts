import { describe, expect, it } from 'vitest';
import { advanceGreetingIndex, readGreetingIndex } from './greeting';
import { STORAGE_KEYS } from './storage-keys';

describe('greeting cycle (spec 01 §2: index cycles 0 to 4, advances on each logout)', () => {
  it('starts at 0 and wraps from 4 back to 0', () => {
    expect(readGreetingIndex(window.localStorage)).toBe(0);
    const seen = Array.from({ length: 6 }, () => advanceGreetingIndex(window.localStorage));
    expect(seen).toEqual([1, 2, 3, 4, 0, 1]);
  });

  it('treats a corrupt stored value as 0', () => {
    window.localStorage.setItem(STORAGE_KEYS.greetingIndex, 'seven');
    expect(readGreetingIndex(window.localStorage)).toBe(0);
    window.localStorage.setItem(STORAGE_KEYS.greetingIndex, '9');
    expect(readGreetingIndex(window.localStorage)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { isChatHiddenOn } from './chat-widget';

describe('chat widget visibility (spec 01 §1)', () => {
  it('is hidden on /message, /bulk-payment, /forms and /henryForms and below them', () => {
    for (const path of [
      '/messages',
      '/messages/m1',
      '/bulk-payment',
      '/forms/f1',
      '/henryForms/f1',
      '/henryforms/f1',
    ]) {
      expect(isChatHiddenOn(path), path).toBe(true);
    }
    for (const path of ['/', '/appointments', '/billing', '/bulk-order']) {
      expect(isChatHiddenOn(path), path).toBe(false);
    }
  });
});

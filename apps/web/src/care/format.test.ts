import { describe, expect, it } from 'vitest';
import { statusLabel } from './format';

describe('statusLabel', () => {
  it('shows a status code as words, never with underscores', () => {
    expect(statusLabel('in_review')).toBe('In review');
    expect(statusLabel('payment_due')).toBe('Payment due');
    expect(statusLabel('in-progress')).toBe('In progress');
    expect(statusLabel('succeeded')).toBe('Succeeded');
    expect(statusLabel(null)).toBe('');
    expect(statusLabel(3)).toBe('3');
  });
});

import { describe, expect, it } from 'vitest';
import { AppError, codedError, errorDetails } from './errors';

describe('codedError', () => {
  it('carries its code, reason and message, and no transport', () => {
    const error = codedError('A102', 'This time was just booked.', { reason: 'slotTaken' });
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('This time was just booked.');
    expect(errorDetails(error)).toEqual({ code: 'A102', reason: 'slotTaken' });
    expect(Object.keys(error)).not.toContain('extensions');
  });

  it('sends the answer beside the code (a taken time and its alternatives)', () => {
    const alternatives = [{ start: '2030-01-07T17:00:00.000Z' }];
    const error = codedError('A102', 'That time was just taken.', {
      reason: 'slotTaken',
      answer: { alternatives },
    });
    expect(errorDetails(error)).toEqual({ code: 'A102', reason: 'slotTaken', alternatives });
  });

  it('keeps the fields of bad input', () => {
    const error = codedError('BAD_USER_INPUT', 'Invalid input.', { fields: { zip: 'invalid' } });
    expect(errorDetails(error)).toEqual({ code: 'BAD_USER_INPUT', fields: { zip: 'invalid' } });
  });

  it('keeps an internal cause for the log, out of what an edge sends', () => {
    const fault = new Error('relation "x" does not exist');
    const error = codedError('C111', 'Cannot load weight data.', { cause: fault });
    expect(error.cause).toBe(fault);
    expect(errorDetails(error)).toEqual({ code: 'C111' });
  });

  it('captures no stack frames (an expected answer, not a fault)', () => {
    const error = codedError('A102', 'Booking is blocked.');
    expect(error.stack ?? '').not.toMatch(/\n\s+at /);
  });

  it('leaves the stack trace limit as it found it, for the errors that are faults', () => {
    const before = Error.stackTraceLimit;
    codedError('C108', 'No customer record.');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack).toMatch(/\n\s+at /);
  });
});

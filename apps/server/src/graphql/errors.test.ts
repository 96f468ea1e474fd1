import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { codedError } from './errors';

describe('codedError', () => {
  it('carries its code, reason and message as a GraphQLError', () => {
    const error = codedError('A102', 'This time was just booked.', { reason: 'slotTaken' });
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error.message).toBe('This time was just booked.');
    expect(error.extensions).toEqual({ code: 'A102', reason: 'slotTaken' });
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

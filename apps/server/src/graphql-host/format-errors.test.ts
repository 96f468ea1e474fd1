import { GraphQLError } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { describe, expect, it, vi } from 'vitest';
import { codedError } from '../platform/errors';
import { formatGraphQLErrors } from './format-errors';

/** A resolver's error as graphql-js hands it to the formatter (located, with a path). */
function located(original: Error): GraphQLError {
  return new GraphQLError(original.message, { path: ['field'], originalError: original });
}

function contextWithLog() {
  const error = vi.fn();
  const context = { reply: { request: { id: 'req-1', log: { error } } } };
  return { error, context: context as unknown as MercuriusContext };
}

describe('formatGraphQLErrors', () => {
  it('sends a coded error’s code and logs its cause, whose text never reaches the client', () => {
    const fault = new Error('relation "measurements_secret" does not exist');
    const { error: log, context } = contextWithLog();
    const coded = codedError('C111', 'Cannot load weight data.', { cause: fault });
    const { response } = formatGraphQLErrors({ data: null, errors: [located(coded)] }, context);
    expect(JSON.parse(JSON.stringify(response))).toEqual({
      data: null,
      errors: [
        { message: 'Cannot load weight data.', path: ['field'], extensions: { code: 'C111' } },
      ],
    });
    expect(JSON.stringify(response)).not.toContain('measurements_secret');
    expect(log).toHaveBeenCalledWith({ err: fault, code: 'C111' }, 'coded error with a cause');
  });

  it('logs nothing for a coded error without a cause (an expected answer)', () => {
    const { error: log, context } = contextWithLog();
    const coded = codedError('A102', 'This time was just booked.', { reason: 'slotTaken' });
    formatGraphQLErrors({ data: null, errors: [located(coded)] }, context);
    expect(log).not.toHaveBeenCalled();
  });

  it('masks an uncoded error with the request id and logs it', () => {
    const fault = new Error('connection refused');
    const { error: log, context } = contextWithLog();
    const { response } = formatGraphQLErrors({ data: null, errors: [located(fault)] }, context);
    expect(response.errors[0]?.message).toBe('Internal error (request req-1)');
    expect(response.errors[0]?.extensions).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      requestId: 'req-1',
    });
    expect(log).toHaveBeenCalledWith({ err: fault }, 'graphql resolver error');
  });
});

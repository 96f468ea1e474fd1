import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, errorDetails } from '../../platform/errors';
import { timeZoneArg } from './schema-guards';

describe('timeZoneArg', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers a zone the runtime knows', () => {
    expect(timeZoneArg('America/Los_Angeles')).toBe('America/Los_Angeles');
  });

  it('refuses an unknown zone as T100 on the timeZone field, every time it is asked', () => {
    for (let i = 0; i < 2; i++) {
      let error: unknown;
      try {
        timeZoneArg('Mars/Olympus_Mons');
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(errorDetails(error as AppError)).toEqual({
        code: 'T100',
        fields: { timeZone: 'appointments.validation.timeZoneInvalid' },
      });
    }
  });

  it('checks a zone with Intl once, then knows it', () => {
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    timeZoneArg('Asia/Kathmandu');
    timeZoneArg('Asia/Kathmandu');
    timeZoneArg('Asia/Kathmandu');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_REPORT_LIMITS, clientErrorReportSchema } from './client-error-report';

describe('client error report (DESIGN.md section 6, error monitoring)', () => {
  it('clips each field and drops the query string of the URL', () => {
    const report = clientErrorReportSchema.parse({
      message: 'm'.repeat(900),
      url: '/user-action?mode=resetPassword&oobCode=secret',
    });
    expect(report.message).toHaveLength(CLIENT_ERROR_REPORT_LIMITS.message);
    expect(report.url).toBe('/user-action');
  });

  it('never refuses a report: other shapes read as absent', () => {
    expect(clientErrorReportSchema.parse({ message: 5, code: 'E1' })).toEqual({ code: 'E1' });
    expect(clientErrorReportSchema.parse('text')).toEqual({});
    expect(clientErrorReportSchema.parse(undefined)).toEqual({});
  });
});

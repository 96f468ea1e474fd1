import { z } from 'zod';

/** Lengths an error report from the web app is clipped to before it is logged. */
export const CLIENT_ERROR_REPORT_LIMITS = {
  message: 500,
  code: 20,
  stack: 2000,
  url: 300,
} as const;

/** A string clipped to `max`; anything else reads as absent, so a report is never refused. */
const clipped = (max: number, then = (value: string) => value) =>
  z
    .string()
    .transform((value) => then(value.slice(0, max)))
    .optional()
    .catch(undefined);

/**
 * POST /client-errors: what the web app reports of an error it met. The reporter must never
 * fail, so every field is optional and a body of any other shape reads as an empty report.
 * The URL loses its query string, which may carry codes from mailed links.
 */
export const clientErrorReportSchema = z
  .object({
    message: clipped(CLIENT_ERROR_REPORT_LIMITS.message),
    code: clipped(CLIENT_ERROR_REPORT_LIMITS.code),
    stack: clipped(CLIENT_ERROR_REPORT_LIMITS.stack),
    url: clipped(CLIENT_ERROR_REPORT_LIMITS.url, (value) => value.split('?')[0] ?? ''),
  })
  .catch({});
export type ClientErrorReport = z.output<typeof clientErrorReportSchema>;

import type { LoggerOptions } from 'pino';

/**
 * Secrets and personal data never reach the logs (DESIGN.md section 4). Paths are pino
 * redaction paths; they cover request headers and the bodies the app logs on purpose.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.idToken',
  '*.refreshToken',
  '*.accessToken',
  '*.access_token',
  '*.subject_token',
  '*.code',
  '*.oobCode',
  '*.email',
  // Card details posted to the sandbox gateway's tokenization endpoint.
  '*.cardNumber',
  '*.cvc',
  '*.to',
  'email',
  'password',
  'token',
  'cardNumber',
  'cvc',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings can carry codes and emails (reset links); log the path only.
      req(req: { method?: string; url?: string; id?: string }) {
        return { method: req.method, url: req.url?.split('?')[0], id: req.id };
      },
    },
  };
}

// Spec 01 §8: errors are reported to monitoring. Here monitoring is the server's
// POST /client-errors, which logs them. Reports are deduplicated so a render loop cannot flood.

export interface ClientErrorReport {
  message: string;
  code?: string | undefined;
  stack?: string | undefined;
  url?: string | undefined;
}

const recent = new Map<string, number>();
const DEDUPE_WINDOW_MS = 30_000;
const MAX_FIELD = 4000;

export function reportClientError(report: ClientErrorReport): void {
  const key = `${report.code ?? ''}|${report.message}`;
  const now = Date.now();
  const last = recent.get(key);
  if (last !== undefined && now - last < DEDUPE_WINDOW_MS) return;
  recent.set(key, now);
  const body = JSON.stringify({
    message: report.message.slice(0, MAX_FIELD),
    ...(report.code ? { code: report.code } : {}),
    ...(report.stack ? { stack: report.stack.slice(0, MAX_FIELD) } : {}),
    url: report.url ?? window.location.pathname,
  });
  try {
    void fetch('/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => {
      // Reporting must never raise an error of its own.
    });
  } catch {
    // fetch itself may be missing (very old browsers, some test environments).
  }
}

export function reportUnknownError(error: unknown, code?: string): void {
  if (error instanceof Error) {
    reportClientError({ message: error.message, stack: error.stack, code });
  } else {
    reportClientError({ message: String(error), code });
  }
}

/** Window-level handlers: uncaught errors and unhandled rejections. */
export function installGlobalErrorReporting(target: Window): void {
  target.addEventListener('error', (event) => {
    reportUnknownError(event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event) => {
    reportUnknownError(event.reason);
  });
}

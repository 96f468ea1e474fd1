import { ALERT_AUTO_HIDE_MS, lookupError, UNKNOWN_ERROR_KEY } from '@portal/domain';

export type AlertSeverity = 'error' | 'warning' | 'info' | 'success';

export interface AlertInput {
  /** A catalogue code (A102, C108 …): shows its message and, if it has one, a contact link. */
  code?: string | undefined;
  /** An i18n key, for messages that are not catalogue codes. */
  messageKey?: string | undefined;
  values?: Record<string, string | number>;
  severity?: AlertSeverity;
  /** Hide after this many ms instead of the default 4 s (not for errors and warnings). */
  autoHideMs?: number;
}

export interface ResolvedAlert {
  messageKey: string;
  values: Record<string, string | number>;
  code: string | null;
  supportCategory: string | null;
  severity: AlertSeverity;
  /** null: stays until dismissed. */
  autoHideMs: number | null;
}

/** An alert on screen: the stack shows it, the provider dismisses it by its id. */
export interface ShownAlert extends ResolvedAlert {
  id: number;
}

/**
 * Spec 01 §8: a code shows its catalogue message and a contact link when it has a support
 * category; errors and warnings stay until dismissed, other messages hide after 4 seconds
 * unless a delay is set; an unknown message shows the unknown-error text.
 */
export function resolveAlert(input: AlertInput, hasKey: (key: string) => boolean): ResolvedAlert {
  const entry = input.code ? lookupError(input.code) : undefined;
  const candidate = entry?.messageKey ?? input.messageKey;
  const known = candidate !== undefined && hasKey(candidate);
  const severity = input.severity ?? (input.code || !known ? 'error' : 'info');
  const persistent = severity === 'error' || severity === 'warning';
  return {
    messageKey: known ? candidate : UNKNOWN_ERROR_KEY,
    values: input.values ?? {},
    code: entry?.code ?? null,
    supportCategory: entry?.supportCategory ?? null,
    severity,
    autoHideMs: persistent ? null : (input.autoHideMs ?? ALERT_AUTO_HIDE_MS),
  };
}

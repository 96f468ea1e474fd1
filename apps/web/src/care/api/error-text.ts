import { strings } from '../strings';
import { StaffApiError } from './http';

/**
 * What to tell the care team about a failed request: the server's own words where they are
 * meant for a person (a conflict names who acted first), the console's otherwise.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof StaffApiError)) return strings.genericError;
  if (error.code === 'network') return strings.networkError;
  // A retried renewal's outcomes, said in the console's language.
  if (error.code === 'payment-declined') return strings.actions.retryDeclined;
  if (error.code === 'not-due') return strings.actions.retryNotDue;
  if (error.status === 409 && error.message) return error.message;
  if (error.status === 400 && error.message) {
    const fields = Object.entries(error.body.fields ?? {})
      .map(([field, problem]) => `${field}: ${problem}`)
      .join('; ');
    return fields ? `${error.message} (${fields})` : error.message;
  }
  if (error.status === 404) return error.message || strings.genericError;
  return strings.genericError;
}

/** Whether someone else already did what this request tried (the queue must be refreshed). */
export const isAlreadyDone = (error: unknown) =>
  error instanceof StaffApiError && error.code === 'already-done';

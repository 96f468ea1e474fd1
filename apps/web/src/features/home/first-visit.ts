import { useEffect } from 'react';
import { useServices } from '../../lib/services';

// Issue 9: home greets a first visit as a first visit ("Welcome back" would be wrong). The
// browser remembers, per customer, that home has been seen; an account older than two weeks
// is never greeted as new, so a long-standing customer on a new device is still welcomed back.

const SEEN_KEY_PREFIX = 'portal.home.seen.';
export const FIRST_VISIT_MAX_ACCOUNT_AGE_DAYS = 14;
const DAY_MS = 86_400_000;

export function isFirstVisit(input: {
  seenBefore: boolean;
  accountCreatedAt: string;
  now: number;
}): boolean {
  if (input.seenBefore) return false;
  const created = Date.parse(input.accountCreatedAt);
  return (
    Number.isFinite(created) && input.now - created <= FIRST_VISIT_MAX_ACCOUNT_AGE_DAYS * DAY_MS
  );
}

function seenBefore(storage: Storage, customerId: string): boolean {
  try {
    return storage.getItem(SEEN_KEY_PREFIX + customerId) === 'true';
  } catch {
    return false;
  }
}

function markSeen(storage: Storage, customerId: string): void {
  try {
    storage.setItem(SEEN_KEY_PREFIX + customerId, 'true');
  } catch {
    // Storage blocked: the next visit is greeted as a first one again, which is harmless.
  }
}

// Customers greeted as new in this page load: going elsewhere and back home within the visit
// keeps the greeting instead of switching to "welcome back" halfway through.
const firstVisitsThisLoad = new Set<string>();

/** Whether this home view is the customer's first visit; home is remembered as seen. */
export function useFirstVisit(customer: { id: string; created_at: string } | undefined): boolean {
  const { storage } = useServices();
  const id = customer?.id;
  const first = customer
    ? firstVisitsThisLoad.has(customer.id) ||
      isFirstVisit({
        seenBefore: seenBefore(storage, customer.id),
        accountCreatedAt: customer.created_at,
        now: Date.now(),
      })
    : false;
  useEffect(() => {
    if (!id) return;
    if (first) firstVisitsThisLoad.add(id);
    markSeen(storage, id);
  }, [id, first, storage]);
  return first;
}

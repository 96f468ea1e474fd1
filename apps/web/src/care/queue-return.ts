// Where "back to the queue" leads: the queue as the staff member left it (its search, kind,
// urgent filter and page are in its address), not a fresh unfiltered queue. Kept for the tab.

const KEY = 'care.queue.search';

/** The queue screen records its address's query each time it changes. */
export function rememberQueueSearch(search: string): void {
  sessionStorage.setItem(KEY, search.startsWith('?') || search === '' ? search : `?${search}`);
}

/** The queue's address with the filters it had when the staff member left it. */
export function queuePath(): string {
  return `/care/queue${sessionStorage.getItem(KEY) ?? ''}`;
}

import { tzOffset } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@portal/domain';

// Issue 46: the first Intl date formatter a page makes loads the browser's date and time zone
// data (~12 ms on a desktop, ~50 ms of a phone's main thread), whatever its options; later ones
// take a fraction of a millisecond. The signed-in screens make theirs while rendering (a
// message's time in the customer's zone), so that first one fell inside the render's long task.
// The signed-in frame makes it while the page's data loads instead: an idle moment of its own,
// too short to block anything (a profile of home: 64 ms of tzOffset at 4x CPU, in the render).

/**
 * Makes the first date formatter when idle: @date-fns/tz's for `timeZone` (which it keeps, and
 * the screens' times in that zone reuse).
 */
export function warmDateFormats(
  win: Window = window,
  timeZone: string = DEFAULT_TIME_ZONE,
): () => void {
  const warm = () => {
    tzOffset(timeZone, new Date());
  };
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(warm, { timeout: 1000 });
    return () => win.cancelIdleCallback(id);
  }
  const id = win.setTimeout(warm, 0);
  return () => win.clearTimeout(id);
}

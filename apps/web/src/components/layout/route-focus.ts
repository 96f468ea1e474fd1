import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The element focus moves to after a route change: the page's heading. */
export const PAGE_HEADING_SELECTOR = 'main h1';

/** How long to wait for a loading screen to show its heading. */
export const HEADING_WAIT_MS = 10_000;

/**
 * Focuses the page heading once it is in the page (screens load lazily and show skeletons
 * first), unless the person acts in the meantime or focus is in a dialog. Returns a cancel.
 */
function focusHeadingWhenShown(hasActed: () => boolean): () => void {
  // True when done: focused, or no longer wanted.
  const attempt = (): boolean => {
    if (hasActed() || document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) {
      return true;
    }
    const heading = document.querySelector<HTMLElement>(PAGE_HEADING_SELECTOR);
    if (!heading) return false;
    // A heading is no control: focusable by script only, out of the tab order.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = window.setTimeout(stop, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * After a route change, focus moves to the new page's heading (an h1 in main), so keyboard and
 * screen-reader users start at the top of the new content, as after a page load. Not on the
 * first load, nor on redirects before the person has done anything (the browser starts at the
 * top of the page then); not when only the hash changes (the skip link to #main keeps its
 * target); and never away from something the person went to since the route changed.
 */
export function useHeadingFocusOnRouteChange(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  // The time of the person's last key press or pointer press.
  const lastInput = useRef<number | null>(null);

  useEffect(() => {
    const record = () => {
      lastInput.current = performance.now();
    };
    window.addEventListener('pointerdown', record, true);
    window.addEventListener('keydown', record, true);
    return () => {
      window.removeEventListener('pointerdown', record, true);
      window.removeEventListener('keydown', record, true);
    };
  }, []);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname || lastInput.current === null) return undefined;
    const changedAt = performance.now();
    return focusHeadingWhenShown(() => (lastInput.current ?? 0) > changedAt);
  }, [pathname]);
}

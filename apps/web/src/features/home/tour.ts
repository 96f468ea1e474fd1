// Spec 01 §4: the app tour runs on / only, each step once (a seen marker in local storage),
// and is off with the query parameter is_automation_test or editWeight=true.

export const TOUR_SEEN_KEY = 'portal.tour.seen-steps';

export const TOUR_STEPS = [
  { id: 'welcome', selector: '[data-tour="welcome"]' },
  { id: 'messages', selector: '[data-tour="messages"]' },
  { id: 'notifications', selector: '[data-tour="notifications"]' },
  { id: 'modules', selector: '[data-tour="modules"]' },
] as const;
export type TourStepId = (typeof TOUR_STEPS)[number]['id'];

/**
 * True when the tour must not run. A browser driven by automation (navigator.webdriver)
 * counts as an automation test too, so scripted sessions are never blocked by it.
 */
export function isTourDisabled(search: string, automated: boolean): boolean {
  const params = new URLSearchParams(search);
  return automated || params.has('is_automation_test') || params.get('editWeight') === 'true';
}

export function readSeenSteps(storage: Storage): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TOUR_SEEN_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v) => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markStepSeen(storage: Storage, id: string): void {
  const seen = readSeenSteps(storage);
  seen.add(id);
  try {
    storage.setItem(TOUR_SEEN_KEY, JSON.stringify([...seen]));
  } catch {
    // Storage blocked: the step may show again next visit.
  }
}

/** The steps still to show: not seen before and with their element on the page. */
export function pendingSteps(
  storage: Storage,
  exists: (selector: string) => boolean,
): (typeof TOUR_STEPS)[number][] {
  const seen = readSeenSteps(storage);
  return TOUR_STEPS.filter((step) => !seen.has(step.id) && exists(step.selector));
}

// driver.js marks the highlighted element as opening the popover (aria-haspopup, aria-expanded,
// aria-controls) and deletes those attributes when it moves on. On a card that is an ARIA error
// (aria-expanded is not allowed on a plain element), and on the bell it overwrites, then
// deletes, the button's own popup state.
const DRIVER_ARIA = ['aria-haspopup', 'aria-expanded', 'aria-controls'] as const;

export interface AriaKeeper {
  /** Before driver.js highlights `element`: its own attributes come back right after. */
  onHighlightStarted(element: Element | undefined): void;
  /** When driver.js lets go of `element` (and deletes the attributes): they come back. */
  onDeselected(element: Element | undefined): void;
}

/** Keeps each highlighted element's own ARIA attributes through the tour. */
export function createAriaKeeper(): AriaKeeper {
  const saved = new WeakMap<Element, (string | null)[]>();
  const restore = (element: Element) => {
    const values = saved.get(element);
    if (!values) return;
    DRIVER_ARIA.forEach((name, index) => {
      const value = values[index];
      if (value === null || value === undefined) element.removeAttribute(name);
      else element.setAttribute(name, value);
    });
  };
  // driver.js changes the attributes synchronously after calling the hook: a microtask runs
  // once it is done, before anything (a screen reader, a person) can see its values.
  return {
    onHighlightStarted(element) {
      if (!element) return;
      saved.set(
        element,
        DRIVER_ARIA.map((name) => element.getAttribute(name)),
      );
      queueMicrotask(() => restore(element));
    },
    onDeselected(element) {
      if (element) queueMicrotask(() => restore(element));
    },
  };
}

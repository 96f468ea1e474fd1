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

import { describe, expect, it } from 'vitest';
import {
  createAriaKeeper,
  isTourDisabled,
  markStepSeen,
  pendingSteps,
  readSeenSteps,
} from './tour';

describe('app tour (spec 01 §4)', () => {
  it('is off with is_automation_test, editWeight=true, or a driven browser', () => {
    expect(isTourDisabled('', false)).toBe(false);
    expect(isTourDisabled('?is_automation_test', false)).toBe(true);
    expect(isTourDisabled('?is_automation_test=1', false)).toBe(true);
    expect(isTourDisabled('?editWeight=true', false)).toBe(true);
    expect(isTourDisabled('?editWeight=false', false)).toBe(false);
    expect(isTourDisabled('', true)).toBe(true);
  });

  it('shows each step once: a seen step is not pending again', () => {
    const everywhere = () => true;
    expect(pendingSteps(localStorage, everywhere).map((s) => s.id)).toEqual([
      'welcome',
      'messages',
      'notifications',
      'modules',
    ]);
    markStepSeen(localStorage, 'welcome');
    markStepSeen(localStorage, 'welcome');
    expect([...readSeenSteps(localStorage)]).toEqual(['welcome']);
    expect(pendingSteps(localStorage, everywhere).map((s) => s.id)).not.toContain('welcome');
  });

  it('skips steps whose element is not on the page', () => {
    const ids = pendingSteps(localStorage, (selector) => !selector.includes('messages')).map(
      (s) => s.id,
    );
    expect(ids).toEqual(['welcome', 'notifications', 'modules']);
  });

  it('survives a corrupt marker', () => {
    localStorage.setItem('portal.tour.seen-steps', '{oops');
    expect(readSeenSteps(localStorage).size).toBe(0);
  });
});

describe('the tour keeps the page ARIA-correct (issue 9)', () => {
  const driverMarks = (element: Element) => {
    element.setAttribute('aria-haspopup', 'dialog');
    element.setAttribute('aria-expanded', 'true');
    element.setAttribute('aria-controls', 'driver-popover-content');
  };
  const driverUnmarks = (element: Element) => {
    for (const name of ['aria-haspopup', 'aria-expanded', 'aria-controls']) {
      element.removeAttribute(name);
    }
  };
  const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

  it('leaves a highlighted card without popup attributes', async () => {
    const card = document.createElement('div');
    const keeper = createAriaKeeper();
    keeper.onHighlightStarted(card);
    driverMarks(card);
    await tick();
    expect(card.getAttributeNames()).toEqual([]);
  });

  it('gives the bell its own popup state back while highlighted and after', async () => {
    const bell = document.createElement('button');
    bell.setAttribute('aria-haspopup', 'dialog');
    bell.setAttribute('aria-expanded', 'false');
    const keeper = createAriaKeeper();
    keeper.onHighlightStarted(bell);
    driverMarks(bell);
    await tick();
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(bell.hasAttribute('aria-controls')).toBe(false);

    keeper.onDeselected(bell);
    driverUnmarks(bell);
    await tick();
    expect(bell.getAttribute('aria-haspopup')).toBe('dialog');
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });
});

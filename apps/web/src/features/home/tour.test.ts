import { describe, expect, it } from 'vitest';
import { isTourDisabled, markStepSeen, pendingSteps, readSeenSteps } from './tour';

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

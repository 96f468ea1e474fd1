import { describe, expect, it } from 'vitest';
import { appointmentTabs } from './appointment-tabs';

const NOW = new Date('2025-06-02T12:00:00Z');
const MINUTE = 60_000;

function visit(id: string, minutesFromNow: number, isAsync = false, status = 'scheduled') {
  const start = new Date(NOW.getTime() + minutesFromNow * MINUTE);
  return { id, start, end: new Date(start.getTime() + 30 * MINUTE), status, isAsync };
}

describe('appointmentTabs (spec 01 §2, §4): the Upcoming and Past tabs', () => {
  it('puts a past async visit under Past only and a coming one under Upcoming only', () => {
    const tabs = appointmentTabs(
      [visit('async-past', -3 * 24 * 60, true), visit('async-next', 2 * 24 * 60, true)],
      NOW,
    );
    expect(tabs.past.async.map((a) => a.id)).toEqual(['async-past']);
    expect(tabs.upcoming.async.map((a) => a.id)).toEqual(['async-next']);
    expect(tabs.upcoming.visits).toEqual([]);
    expect(tabs.past.visits).toEqual([]);
    expect(tabs.none).toBe(false);
  });

  it('uses the upcoming rule for async visits too: 30 minutes after the start they are past', () => {
    const tabs = appointmentTabs(
      [visit('started-29', -29, true), visit('started-30', -30, true)],
      NOW,
    );
    expect(tabs.upcoming.async.map((a) => a.id)).toEqual(['started-29']);
    expect(tabs.past.async.map((a) => a.id)).toEqual(['started-30']);
  });

  it('orders each tab: Upcoming soonest first, Past latest first; left-out statuses go', () => {
    const tabs = appointmentTabs(
      [
        visit('live-later', 3 * 24 * 60),
        visit('live-sooner', 24 * 60),
        visit('live-old', -10 * 24 * 60),
        visit('live-recent', -24 * 60),
        visit('async-later', 5 * 24 * 60, true),
        visit('async-sooner', 60, true),
        visit('async-old', -20 * 24 * 60, true),
        visit('async-recent', -2 * 24 * 60, true),
        visit('cancelled', 2 * 24 * 60, false, 'cancelled'),
        visit('voided-async', -24 * 60, true, 'voided'),
      ],
      NOW,
    );
    expect(tabs.upcoming.visits.map((a) => a.id)).toEqual(['live-sooner', 'live-later']);
    expect(tabs.upcoming.async.map((a) => a.id)).toEqual(['async-sooner', 'async-later']);
    expect(tabs.past.visits.map((a) => a.id)).toEqual(['live-recent', 'live-old']);
    expect(tabs.past.async.map((a) => a.id)).toEqual(['async-recent', 'async-old']);
  });

  it('says when there is nothing at all', () => {
    expect(appointmentTabs([], NOW).none).toBe(true);
    expect(appointmentTabs([visit('cancelled', 60, false, 'cancelled')], NOW).none).toBe(true);
  });
});

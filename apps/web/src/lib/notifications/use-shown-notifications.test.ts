import { describe, expect, it } from 'vitest';
import type { PortalNotification } from './use-notifications';
import { mergeNotifications } from './use-shown-notifications';

const n = (id: string, type: string, date: string): PortalNotification => ({
  id,
  type,
  title: id,
  message: null,
  description: null,
  severity: 'info',
  date,
  status: 'unread',
  shortId: null,
  action: null,
});

describe('shown notifications (spec 01 §7: lab results from GetLabResultNotifications)', () => {
  it('takes lab results only from the lab read, the rest from the general list, newest first', () => {
    const pay = n('pay', 'notice_payment_due_v1', '2026-03-01T10:00:00Z');
    const staleLab = n('lab-general', 'lab_result_received_v1', '2026-03-03T10:00:00Z');
    const lab = n('lab', 'lab_result_received_v1', '2026-03-02T10:00:00Z');
    expect(mergeNotifications([pay, staleLab], [lab]).map((x) => x.id)).toEqual(['lab', 'pay']);
    expect(mergeNotifications([pay, lab], [lab]).map((x) => x.id)).toEqual(['lab', 'pay']);
  });
});

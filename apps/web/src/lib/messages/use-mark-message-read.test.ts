import { describe, expect, it } from 'vitest';
import type { PortalNotification } from '../notifications/use-notifications';
import { noticesOfMessage } from './use-mark-message-read';

const notice = (over: Partial<PortalNotification>): PortalNotification => ({
  id: 'n',
  type: 'provider_message_received_v1',
  title: 'New message',
  message: null,
  description: null,
  severity: 'info',
  date: '2026-03-01T10:00:00Z',
  status: 'unread',
  shortId: null,
  action: { label: 'Read', url: '/messages/m1' },
  ...over,
});

describe('reading a message reads its notice (issue 9: the bell and the badge agree)', () => {
  it('picks the unread new-message notices that open this message, and nothing else', () => {
    const list = [
      notice({ id: 'this' }),
      notice({ id: 'other-message', action: { label: 'Read', url: '/messages/m2' } }),
      notice({ id: 'already-read', status: 'read' }),
      notice({ id: 'not-a-message', type: 'notice_payment_due_v1' }),
    ];
    expect(noticesOfMessage(list, 'm1').map((x) => x.id)).toEqual(['this']);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { MessageDetailScreen } from './message-detail-screen';

const message = {
  id: 'm1',
  type: 'Dosage update',
  read: false,
  read_on: null,
  displayTime: '2026-01-05T10:00:00Z',
  provider_name: 'Dr. Lee',
  provider_image: null,
  messageSections: [
    { name: 'Body', html: '<p>Start <b>Monday</b></p><img src="x" onerror="window.__x=1">' },
    { name: 'Side effects', html: '<p>Nausea<script>window.__x=2</script></p>' },
  ],
};

describe('message detail (spec 01 §2, §4)', () => {
  it('shows the header, the body and later sections as accordions, sanitized; opening marks read', async () => {
    const { calls, queryClient, container } = renderWithServices(
      [{ path: '/messages/:messageId', element: <MessageDetailScreen /> }],
      {
        path: '/messages/m1',
        flags: { 'one-way-messaging': true },
        answer: (operation) =>
          operation === 'GetProviderMessages'
            ? { providerMessages: [message] }
            : { updateProviderMessageRead: { data: { id: 'm1', read: true, read_on: 'now' } } },
      },
    );
    queryClient.setQueryData(
      ['provider-messages', 'read-states', 'c1'],
      [{ id: 'm1', read: false }],
    );
    expect(await screen.findByRole('heading', { name: 'Dosage update', level: 1 })).toBeVisible();
    expect(screen.getByText(/From Dr\. Lee/)).toBeInTheDocument();
    expect(screen.getByText('Jan 05, 2026')).toBeInTheDocument();
    expect(screen.getByText('Monday').tagName).toBe('B');
    await userEvent.click(screen.getByRole('button', { name: 'Side effects' }));
    expect(screen.getByText('Nausea')).toBeVisible();
    expect(container.querySelector('script, [onerror]')).toBeNull();
    expect((window as { __x?: number }).__x).toBeUndefined();

    await waitFor(() =>
      expect(calls).toContainEqual({
        operation: 'UpdateProviderMessageRead',
        variables: { messageId: 'm1' },
      }),
    );
    // The nav badge's query is made stale too.
    await waitFor(() =>
      expect(
        queryClient.getQueryState(['provider-messages', 'read-states', 'c1'])?.isInvalidated,
      ).toBe(true),
    );
    expect(calls.filter((c) => c.operation === 'UpdateProviderMessageRead')).toHaveLength(1);
  });

  it('offers the help popup', async () => {
    renderWithServices([{ path: '/messages/:messageId', element: <MessageDetailScreen /> }], {
      path: '/messages/m1',
      flags: { 'one-way-messaging': true },
      answer: () => ({ providerMessages: [{ ...message, read: true }] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    expect(
      screen.getByRole('dialog', { name: 'Questions about this message?' }),
    ).toBeInTheDocument();
  });
});

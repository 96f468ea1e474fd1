import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { MessageDetailScreen } from './message-detail-screen';

const message = {
  id: 'm1',
  type: 'dosage_update',
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
            : operation === 'GetProviderMessageTypes'
              ? {
                  providerMessageTypes: [
                    { id: 't1', type: 'dosage_update', description: 'Your dosage is changing' },
                  ],
                }
              : { updateProviderMessageRead: { data: { id: 'm1', read: true, read_on: 'now' } } },
      },
    );
    queryClient.setQueryData(
      ['provider-messages', 'read-states', 'c1'],
      [{ id: 'm1', read: false }],
    );
    // Spec 01 §2: the title is the template's type description, never the raw key.
    expect(
      await screen.findByRole('heading', { name: 'Your dosage is changing', level: 1 }),
    ).toBeVisible();
    expect(screen.queryByText('dosage_update')).toBeNull();
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

  it('titles a message whose type has no template with the key as words, not the key', async () => {
    renderWithServices([{ path: '/messages/:messageId', element: <MessageDetailScreen /> }], {
      path: '/messages/m1',
      flags: { 'one-way-messaging': true },
      answer: (operation) =>
        operation === 'GetProviderMessageTypes'
          ? { providerMessageTypes: [] }
          : { providerMessages: [{ ...message, type: 'treatment_update', read: true }] },
    });
    expect(
      await screen.findByRole('heading', { name: 'Treatment update', level: 1 }),
    ).toBeVisible();
    expect(screen.queryByText('treatment_update')).toBeNull();
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

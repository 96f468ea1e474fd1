import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { MessageHelp } from './message-help';

const SUPPORT_URL = 'https://help.example.com/hc/requests/new';

function serveConfig(supportUrl: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        input === '/config.json'
          ? new Response(JSON.stringify({ tenantId: 'portal', supportUrl, flags: {} }), {
              headers: { 'content-type': 'application/json' },
            })
          : new Response(null, { status: 204 }),
      ),
    ),
  );
}

function renderHelp() {
  return renderWithServices([{ path: '/messages/:messageId', element: <MessageHelp /> }], {
    path: '/messages/m1',
    answer: () => null,
  });
}

describe('message help popup (spec 01 §2 "Message detail", §7)', () => {
  it('links to the support form, prefilled, when a support URL is configured', async () => {
    serveConfig(SUPPORT_URL);
    const { queryClient } = renderHelp();
    queryClient.setQueryData(['customer'], {
      email: 'alex@example.com',
      first_name: 'Alejandro',
      last_name: 'Rivera',
      dob: '1990-01-01',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    const link = await screen.findByRole('link', { name: 'Submit a request' });
    const url = new URL(link.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe(SUPPORT_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      requester_email: 'alex@example.com',
      requester_name: 'Alejandro Rivera',
      birth_date: '1990-01-01',
      category: 'messages',
      subject: 'Help with the patient portal',
      description: 'I need help with the page /messages/m1.',
      source: 'patient_portal',
    });
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('offers no submit link without a support URL', async () => {
    serveConfig(null);
    renderHelp();
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(
      await screen.findByRole('dialog', { name: 'Questions about this message?' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Submit a request' })).toBeNull();
  });
});

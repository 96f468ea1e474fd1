import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '../../lib/i18n-react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../lib/config';
import { CUSTOMER_QUERY_KEY } from '../../lib/customer/customer';
import { createI18n } from '../../lib/i18n';
import { ServicesProvider } from '../../lib/services';
import { CUSTOMER, createFakeServices } from '../../test/render-with-services';
import { AlertProvider, useAlerts } from './alert-context';
import type { AlertInput } from './resolve-alert';

function Trigger({ input, label }: { input: AlertInput; label: string }) {
  const { showAlert } = useAlerts();
  return <button onClick={() => showAlert(input)}>{label}</button>;
}

const SUPPORT_URL = 'https://help.example.com/requests/new';

function renderWithAlerts(
  triggers: Record<string, AlertInput>,
  { supportUrl = SUPPORT_URL }: { supportUrl?: string | null } = {},
) {
  const { services } = createFakeServices(() => null);
  const config: AppConfig = {
    tenantId: 'portal',
    googleSignIn: false,
    version: null,
    chatWidgetUrl: null,
    supportUrl,
    flags: {},
    payments: { provider: 'sandbox', publishableKey: null },
  };
  services.config.set(config);
  services.queryClient.setQueryData(CUSTOMER_QUERY_KEY, CUSTOMER);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <AlertProvider>
          {Object.entries(triggers).map(([label, input]) => (
            <Trigger key={label} label={label} input={input} />
          ))}
        </AlertProvider>
      ),
    },
  ]);
  return render(
    <ServicesProvider services={services}>
      <I18nProvider i18n={createI18n()}>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </ServicesProvider>,
  );
}

describe('alert timing (spec 01 §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides info and success after 4 seconds, keeps errors and warnings until dismissed', () => {
    renderWithAlerts({
      info: { messageKey: 'inactivity.loggedOut', severity: 'info' },
      success: { messageKey: 'resetPassword.success', severity: 'success' },
      warning: { messageKey: 'auth.verifyNeeded', severity: 'warning' },
      error: { code: 'A102' },
    });
    for (const label of ['info', 'success', 'warning', 'error']) {
      fireEvent.click(screen.getByRole('button', { name: label }));
    }
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getAllByRole('alert')).toHaveLength(2);

    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryAllByRole('status')).toHaveLength(0);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    const urgent = screen.getAllByRole('alert');
    expect(urgent).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('honours a set delay for non-error messages', () => {
    renderWithAlerts({ slow: { messageKey: 'intake.none', severity: 'info', autoHideMs: 7000 } });
    fireEvent.click(screen.getByRole('button', { name: 'slow' }));
    act(() => {
      vi.advanceTimersByTime(6999);
    });
    expect(screen.getByRole('status')).toHaveTextContent('There is no intake form');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a code with its catalogue message and a contact link when it has a support category', async () => {
    vi.useRealTimers();
    renderWithAlerts({ booking: { code: 'A102' }, noSlots: { code: 'T101' } });
    fireEvent.click(screen.getByRole('button', { name: 'booking' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't book your appointment");
    expect(alert).toHaveTextContent('(Code A102)');
    fireEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact support' });
    // Spec 01 §7: the form opens prefilled with the category, the code and a source tag.
    const href = new URL(
      within(dialog).getByRole('link', { name: 'Open the support form' }).getAttribute('href')!,
    );
    expect(`${href.origin}${href.pathname}`).toBe(SUPPORT_URL);
    expect(href.searchParams.get('category')).toBe('appointments');
    expect(href.searchParams.get('subject')).toBe('Help with error A102');
    expect(href.searchParams.get('description')).toBe('I saw error A102 on the page /.');
    expect(href.searchParams.get('requester_email')).toBe('alex@example.com');
    expect(href.searchParams.get('source')).toBe('patient_portal');
  });

  it('shows no contact link when no support URL is configured', () => {
    vi.useRealTimers();
    renderWithAlerts({ booking: { code: 'A102' } }, { supportUrl: null });
    fireEvent.click(screen.getByRole('button', { name: 'booking' }));
    expect(screen.getByRole('alert')).toHaveTextContent('(Code A102)');
    expect(screen.queryByRole('button', { name: 'Contact us' })).toBeNull();
  });

  it('shows no contact link for a code without a support category', () => {
    renderWithAlerts({ noSlots: { code: 'T101' } });
    fireEvent.click(screen.getByRole('button', { name: 'noSlots' }));
    expect(screen.getByRole('alert')).toHaveTextContent('There are no appointment times');
    expect(screen.queryByRole('button', { name: 'Contact us' })).toBeNull();
  });

  it('shows the unknown-error text for an unknown message', () => {
    renderWithAlerts({ odd: { code: 'ZZ999' }, odd2: { messageKey: 'no.such.key' } });
    fireEvent.click(screen.getByRole('button', { name: 'odd' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An unknown error occurred, please refresh and try again.',
    );
  });

  it('reports errors to the server', () => {
    const report = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', report);
    renderWithAlerts({ failing: { code: 'A100' } });
    fireEvent.click(screen.getByRole('button', { name: 'failing' }));
    const [url, init] = report.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/client-errors');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toMatchObject({ code: 'A100' });
  });
});

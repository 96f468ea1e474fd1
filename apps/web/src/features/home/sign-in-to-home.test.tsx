import { OpenFeature } from '@openfeature/react-sdk';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
// In the module cache already, as the page has it by the time the sign-in answers (the test
// runner transforms a module on first import, which takes longer than the 200 ms debounce).
import './home-queries';

afterEach(async () => {
  await OpenFeature.clearProviders();
});

function operation(body: unknown): string {
  const { query = '', operationName } = (body ?? {}) as { query?: string; operationName?: string };
  return operationName ?? /^\s*query\s+(\w+)/.exec(query)?.[1] ?? '';
}

describe('Log in → home (issue 16)', () => {
  it("asks for home's queries right after the token exchange, each once, and greets the customer", async () => {
    const { server } = await renderApp('/', { flags: { 'one-way-messaging': true } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'alex@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'DemoPass1' } });
    const button = screen.getByRole('button', { name: 'Log in' });
    // Pressing the button fetches home's chunks and its query module (prefetchHome).
    fireEvent.pointerDown(button);
    fireEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'Hi, Alex' })).toBeInTheDocument();

    const after = server.calls.slice(
      server.calls.findIndex((call) => call.path === '/connect/token') + 1,
    );
    const asked = after.filter((call) => call.path === '/graphql').map((c) => operation(c.body));
    // The prefetch leads: the customer and the flags go first, before anything home renders asks.
    expect(asked.slice(0, 2)).toEqual(['GetCustomerData', 'GetFeatureFlags']);
    expect(asked).toEqual(
      expect.arrayContaining([
        'GetSduiModules',
        'GetAppointmentPresence',
        'GetCustomerNotifications',
        'GetLabResultNotifications',
        'GetContractExpirationBannerNotifications',
      ]),
    );
    // The screens and the flag provider took the prefetched answers instead of asking again.
    expect(asked.filter((name) => name === 'GetCustomerData')).toHaveLength(1);
    expect(asked.filter((name) => name === 'GetFeatureFlags')).toHaveLength(1);
    // The flags arrived: the Messages item is there.
    expect(await screen.findByRole('link', { name: /^Messages/ })).toBeInTheDocument();
  });
});

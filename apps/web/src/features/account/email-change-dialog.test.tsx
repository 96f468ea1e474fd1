import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/http';
import { renderWithServices } from '../../test/render-with-services';
import { EmailChangeDialog } from './email-change-dialog';

// The identity endpoints the dialog calls (through account-identity.ts and the real HTTP
// client) answer from these fakes; a rejected ApiError becomes the server's error answer. The
// web suite shares one module graph per worker (isolate: false), so the fake sits at fetch,
// not at a module mock another file may already have bypassed.
const api = {
  reauthenticate: vi.fn<(password: string) => Promise<unknown>>(),
  emailAvailability: vi.fn<(email: string) => Promise<unknown>>(),
  updateEmail: vi.fn<(body: unknown) => Promise<unknown>>(),
};
const ENDPOINTS: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  '/identity/reauthenticate': (body) => api.reauthenticate(String(body.password)),
  '/identity/email/availability': (body) => api.emailAvailability(String(body.email)),
  '/identity/email/update': (body) => api.updateEmail(body),
};
const TOKENS = {
  id_token: 'id',
  access_token: 'access',
  refresh_token: 'refresh',
  expires_in: 900,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const endpoint = ENDPOINTS[url];
      if (!endpoint) return new Response(null, { status: 204 });
      try {
        const answer = await endpoint(JSON.parse(init?.body as string) as Record<string, unknown>);
        return Response.json(answer ?? {});
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return Response.json({ error: error.code }, { status: error.status });
      }
    }),
  );
});

const available = (isAvailable: boolean, isOobCodeSent = isAvailable) => ({
  data: { isAvailable, isOobCodeSent },
  message: '',
  name: '',
  statusCode: 200,
});

afterEach(() => {
  vi.clearAllMocks();
});

const open = () =>
  renderWithServices(
    [
      {
        path: '/',
        element: (
          <EmailChangeDialog
            open
            onClose={() => undefined}
            customerId="c1"
            currentEmail="Alex@Example.com"
          />
        ),
      },
    ],
    { answer: () => ({}) },
  );

// Generous waits: the machine may be busy; nothing here measures time.
const findText = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });

const next = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('email change dialog (spec 02 §2, §4, §8)', () => {
  it('walks password, new email, code, and shows the spec message at each failure', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    api.reauthenticate
      .mockRejectedValueOnce(new ApiError(400, 'invalid-credentials', 'no'))
      .mockResolvedValue(TOKENS);
    api.emailAvailability
      .mockResolvedValueOnce(available(false))
      .mockResolvedValue(available(true));
    api.updateEmail
      .mockRejectedValueOnce(new ApiError(400, 'invalid-code', 'no'))
      .mockResolvedValue({ data: { email: 'new@example.com' } });
    open();

    // Password: empty, then wrong, then right.
    await next();
    expect(api.reauthenticate).not.toHaveBeenCalled();
    await userEvent.type(await screen.findByLabelText(/^Password/), 'Wrong-pass1');
    await next();
    expect(await findText('Incorrect username or password')).toBeVisible();
    await next();
    const email = await screen.findByRole('textbox', { name: /New email/ });

    // New email: the same one (any case) is refused here; a taken one by the server.
    await userEvent.type(email, 'alex@example.com');
    await next();
    expect(await findText('The new email must be different from your current one.')).toBeVisible();
    expect(api.emailAvailability).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.type(email, '  New@Example.com ');
    await next();
    expect(await findText('This email is not available. Please use another one.')).toBeVisible();
    await next();
    expect(api.emailAvailability).toHaveBeenLastCalledWith('new@example.com');
    expect(await findText('We sent a 6-digit code to new@example.com.')).toBeVisible();

    // Code: not 6 digits, then a wrong one, then the right one.
    const code = screen.getByRole('textbox', { name: /Verification code/ });
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await findText('Enter the 6-digit code we sent you.')).toBeVisible();
    expect(api.updateEmail).not.toHaveBeenCalled();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await findText('The verification code is invalid or has expired.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your email was updated. The page will reload.',
    );
    expect(api.updateEmail).toHaveBeenLastCalledWith({
      customerId: 'c1',
      newEmail: 'new@example.com',
      oobCode: '123456',
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  });
});

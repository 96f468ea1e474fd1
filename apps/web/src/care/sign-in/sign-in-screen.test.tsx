import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStaffApi, renderCare, STAFF_ME, type Handler } from '../test/render-care';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}`);
const TOKEN = { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600, role: 'care' };

const emptyQueue: Handler = () => ({
  body: { items: [], total: 0, page: 0, pageSize: 50, counts: {} },
});
const me: Handler = () => ({ body: STAFF_ME });

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/work email/i), 'casey@care.test');
  await user.type(screen.getByLabelText(/^password/i), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('care console sign-in', () => {
  it('enrols: QR as an image, the secret as text, a code, then the recovery codes once', async () => {
    const { calls } = fakeStaffApi([
      [
        'POST /staff/token',
        () => ({
          body: {
            status: 'enroll',
            challenge: 'ch-1',
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/x',
            qrSvg: SVG,
          },
        }),
      ],
      ['POST /staff/token/enroll', () => ({ body: { ...TOKEN, recoveryCodes: CODES } })],
      ['GET /staff/queue', emptyQueue],
      ['GET /staff/me', me],
    ]);
    const user = userEvent.setup();
    renderCare('/care/queue');
    await enterPassword(user);

    const qr = await screen.findByRole('img', { name: /qr code/i });
    // The server's SVG reaches the page as an image's data URL, never as markup in the DOM.
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(SVG)}`);
    expect(document.querySelector('rect')).toBeNull();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const code = screen.getByLabelText(/6-digit code/i);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: /save your recovery codes/i })).toBeVisible();
    for (const c of CODES) expect(screen.getByText(c)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/staff/token/enroll')?.body).toEqual({
      challenge: 'ch-1',
      code: '123456',
    });

    // No way on until the codes are said to be saved; no session before that either.
    const onward = screen.getByRole('button', { name: /continue to the queue/i });
    expect(onward).toBeDisabled();
    expect(window.sessionStorage.getItem('care.session')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /saved my recovery codes/i }));
    await user.click(onward);

    expect(await screen.findByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/staff/queue')?.authorization).toBe('Bearer tok-1'),
    );
    expect(window.sessionStorage.getItem('care.session')).toContain('tok-1');
    expect(window.localStorage.length).toBe(0);
  });

  it('verifies: a wrong code says so and stays; the right one signs in', async () => {
    let attempts = 0;
    const { calls } = fakeStaffApi([
      ['POST /staff/token', () => ({ body: { status: 'verify', challenge: 'ch-2' } })],
      [
        'POST /staff/token/verify',
        () =>
          ++attempts === 1
            ? { status: 400, body: { error: { code: 'invalid-code', message: 'Invalid code.' } } }
            : { body: { ...TOKEN, recoveryCodesLeft: 9 } },
      ],
      ['GET /staff/queue', emptyQueue],
      ['GET /staff/me', me],
    ]);
    const user = userEvent.setup();
    renderCare('/care/sign-in');
    await enterPassword(user);

    await user.type(await screen.findByLabelText(/6-digit code/i), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/that code is not right/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/6-digit code/i)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText(/6-digit code/i));
    await user.type(screen.getByLabelText(/6-digit code/i), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    const verifies = calls.filter((c) => c.path === '/staff/token/verify');
    expect(verifies.map((c) => c.body)).toEqual([
      { challenge: 'ch-2', code: '000000' },
      { challenge: 'ch-2', code: '654321' },
    ]);
  });

  it('takes a recovery code instead, and starts over when the challenge has expired', async () => {
    const { calls } = fakeStaffApi([
      ['POST /staff/token', () => ({ body: { status: 'verify', challenge: 'ch-3' } })],
      [
        'POST /staff/token/verify',
        () => ({ status: 401, body: { error: { code: 'challenge-expired', message: 'x' } } }),
      ],
    ]);
    const user = userEvent.setup();
    renderCare('/care/sign-in');
    await enterPassword(user);

    await user.click(await screen.findByRole('button', { name: /use a recovery code/i }));
    await user.type(screen.getByLabelText(/recovery code/i), 'abcde-fghij-klmno-pqrst');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(/sign in again with your password/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/work email/i)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/staff/token/verify')?.body).toEqual({
      challenge: 'ch-3',
      recoveryCode: 'ABCDEFGHIJKLMNOPQRST',
    });
  });

  it('signs in with a recovery code and warns when few are left', async () => {
    fakeStaffApi([
      ['POST /staff/token', () => ({ body: { status: 'verify', challenge: 'ch-4' } })],
      ['POST /staff/token/verify', () => ({ body: { ...TOKEN, recoveryCodesLeft: 2 } })],
      ['GET /staff/queue', emptyQueue],
      ['GET /staff/me', me],
    ]);
    const user = userEvent.setup();
    renderCare('/care/sign-in');
    await enterPassword(user);
    await user.click(await screen.findByRole('button', { name: /use a recovery code/i }));
    await user.type(screen.getByLabelText(/recovery code/i), 'ABCDE FGHIJ KLMNO PQRST');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    expect(screen.getByText(/you have 2 recovery codes left/i)).toBeInTheDocument();
  });

  it('says so when the password is wrong, and asks nothing else', async () => {
    fakeStaffApi([
      [
        'POST /staff/token',
        () => ({ status: 401, body: { error: { code: 'invalid-credentials' } } }),
      ],
    ]);
    const user = userEvent.setup();
    renderCare('/care/sign-in');
    await enterPassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/email or password is not right/i);
    expect(screen.queryByLabelText(/6-digit code/i)).toBeNull();
  });
});

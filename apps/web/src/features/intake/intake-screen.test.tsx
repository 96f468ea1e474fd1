import { INTAKE_REDIRECT_DELAY_MS } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appointment, renderWithAppointments } from '../../test/appointments-test-server';
import { IntakeScreen } from './intake-screen';

describe('/intake (spec 01 §2, §3)', () => {
  it('goes to the link of a needed intake requirement', async () => {
    const { router } = renderWithAppointments('/intake', <IntakeScreen />, {
      upcoming: [
        appointment('2030-06-02T14:00:00Z', {
          appointment_requirements: [
            {
              requirement_type: 'typeform_dl',
              completed: false,
              createdAt: '2025-01-02T00:00:00Z',
              link: '/id-verification',
            },
            {
              requirement_type: 'intake',
              completed: false,
              createdAt: '2025-01-01T00:00:00Z',
              link: '/forms/intake-weight',
            },
          ],
        }),
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms/intake-weight'));
  });

  it('with no needed intake, stays for 5 seconds, then says so and goes home (spec 01 §5, §9)', async () => {
    expect(INTAKE_REDIRECT_DELAY_MS).toBe(5000);
    const { router, calls } = renderWithAppointments('/intake', <IntakeScreen />, {
      upcoming: [
        appointment('2030-06-02T14:00:00Z', {
          appointment_requirements: [
            {
              requirement_type: 'intake',
              completed: true,
              createdAt: '2025-01-01T00:00:00Z',
              link: '/forms/intake-weight',
            },
          ],
        }),
      ],
    });
    await waitFor(() =>
      expect(calls.some((c) => c.operation === 'GetAppointmentsByCustomer')).toBe(true),
    );
    const settledAt = Date.now();
    // Well inside the 5 seconds: still waiting on /intake, no message yet.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(router.state.location.pathname).toBe('/intake');
    expect(screen.queryByText('There is no intake form waiting for you right now.')).toBeNull();

    expect(
      await screen.findByText('There is no intake form waiting for you right now.', undefined, {
        timeout: INTAKE_REDIRECT_DELAY_MS + 2000,
      }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(Date.now() - settledAt).toBeGreaterThanOrEqual(INTAKE_REDIRECT_DELAY_MS - 100);
  }, 15_000);
});

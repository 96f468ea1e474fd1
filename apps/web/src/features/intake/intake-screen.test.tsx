import { waitFor } from '@testing-library/react';
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
});

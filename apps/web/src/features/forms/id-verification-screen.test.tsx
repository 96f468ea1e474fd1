import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render-with-services';
import { IdVerificationScreen } from './id-verification-screen';

const check = (overrides: Record<string, unknown>) => ({
  id: 'idv-1',
  status: 'requested',
  front_uploaded: false,
  back_uploaded: false,
  selfie_uploaded: false,
  rejection_reason: null,
  rejection_note: null,
  updated_at: '2026-03-01T18:00:00Z',
  ...overrides,
});

function renderCheck(idVerification: unknown) {
  return renderWithServices([{ path: '/id-verification', element: <IdVerificationScreen /> }], {
    path: '/id-verification',
    answer: (operation) => {
      if (operation === 'IdVerification') return { idVerification };
      throw new Error(`unexpected ${operation}`);
    },
  });
}

describe('/id-verification (issue 15)', () => {
  it('asks for the front, back and a selfie; sending waits for all three', async () => {
    renderCheck(check({ front_uploaded: true }));
    expect(await screen.findByRole('heading', { name: 'Front of your ID' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Back of your ID' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A selfie' })).toBeInTheDocument();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to the care team' })).toBeDisabled();
  });

  it('a rejection shows the reason and the note, and asks for new photos', async () => {
    renderCheck(
      check({
        status: 'rejected',
        rejection_reason: 'document_expired',
        rejection_note: 'The license expired in 2024.',
      }),
    );
    expect(await screen.findByText('Please upload your photos again')).toBeInTheDocument();
    expect(
      screen.getByText(/Your ID has expired; use a current one\. The license expired in 2024\./),
    ).toBeInTheDocument();
    expect(screen.queryByText('Uploaded')).toBeNull();
  });

  it('a verified check says so', async () => {
    renderCheck(check({ status: 'verified' }));
    expect(await screen.findByText('Your identity is verified')).toBeInTheDocument();
  });
});

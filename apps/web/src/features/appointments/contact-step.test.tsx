import { APPOINTMENT_MESSAGES } from '@portal/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SLEEP, WEIGHT } from '../../test/appointments-test-server';
import { CUSTOMER, renderWithServices, type Answer } from '../../test/render-with-services';
import { ContactStep, type TreatmentOption } from './contact-step';
import { GraphqlRequestError } from '../../lib/api/graphql-client';

const saved: Answer = () => ({
  upsertTosConsentAndMarketingPreference: { statusCode: 200, data: { affected_rows: 2 } },
});

function renderStep(treatments: TreatmentOption[], answer: Answer = saved) {
  const onContinue = vi.fn();
  const view = renderWithServices(
    [
      {
        path: '/',
        element: (
          <ContactStep
            customer={CUSTOMER}
            state="CA"
            treatments={treatments}
            onContinue={onContinue}
          />
        ),
      },
    ],
    { answer },
  );
  return { ...view, onContinue };
}

const terms = () => screen.getByRole('checkbox', { name: /Terms of Service/ });

describe('contact step field errors (spec 01 §5: tosConsentSchema and treatmentShortIdSchema)', () => {
  it('shows the terms error on the box once it is unticked again', async () => {
    renderStep([WEIGHT]);
    fireEvent.click(terms());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    fireEvent.click(terms());
    const message = 'Please accept the Terms of Service to continue.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(terms()).toHaveAttribute('aria-invalid', 'true');
    expect(terms()).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('shows the treatment error when the selector is left without a choice', async () => {
    renderStep([WEIGHT, SLEEP]);
    const select = screen.getByRole('combobox', { name: /Treatment/ });
    fireEvent.focus(select);
    fireEvent.blur(select);
    expect(await screen.findByText('Please choose a treatment.')).toBeInTheDocument();
  });

  it('shows the field error the server sends for the consent, and does not continue', async () => {
    const { onContinue } = renderStep([WEIGHT], () => {
      throw new GraphqlRequestError('A103', 'Invalid input.', [
        {
          message: 'Invalid input.',
          extensions: { code: 'A103', fields: { tosStatus: APPOINTMENT_MESSAGES.termsRequired } },
        },
      ]);
    });
    fireEvent.click(terms());
    const next = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next);
    expect(
      await screen.findByText('Please accept the Terms of Service to continue.'),
    ).toBeInTheDocument();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('continues with the chosen treatment once the consent is saved', async () => {
    const { onContinue, calls } = renderStep([WEIGHT]);
    fireEvent.click(terms());
    const next = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next);
    await waitFor(() => expect(onContinue).toHaveBeenCalledWith(WEIGHT));
    expect(calls.find((c) => c.operation === 'UpsertTosConsent')?.variables).toEqual({
      customerId: CUSTOMER.id,
      tosStatus: 'accepted',
      marketingContentStatus: 'unsubscribed',
    });
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { renderWithServices, type Answer } from '../../test/render-with-services';
import { BillingAddressScreen } from './billing-address-screen';

// Issue 14: the billing address of a saved card (spec 02 §2 account settings, §3 payment
// source billing_address), checked with the domain schema the server runs too.

const NEWEST = '0b8f3f55-2f0e-4f5e-8d3c-6c7b1e0a9d01';
const OLDER = '0b8f3f55-2f0e-4f5e-8d3c-6c7b1e0a9d02';
const card = (id: string, mask: string, street: string | null) => ({
  payment_source_id: id,
  brand: 'Visa',
  mask,
  billing_address: {
    first_name: street ? 'Alejandro' : null,
    last_name: street ? 'Rivera' : null,
    street_address1: street,
    street_address2: null,
    city: street ? 'San Francisco' : null,
    state_code: street ? 'CA' : null,
    zip_code: street ? '94105' : null,
  },
});

const renderScreen = (answer: Answer, path = '/billing-address') =>
  renderWithServices([{ path: '/billing-address', element: <BillingAddressScreen /> }], {
    path,
    answer: (operation, variables) =>
      operation === 'GetBillingAddresses'
        ? {
            customerPaymentSources: [
              card(NEWEST, '4242', '500 Market St'),
              card(OLDER, '4444', null),
            ],
          }
        : answer(operation, variables),
  });

const saveButton = () => screen.getByRole('button', { name: 'Save billing address' });

describe('/billing-address', () => {
  it('shows the schema’s messages on the fields and sends nothing', async () => {
    const { calls } = renderScreen(() => ({}));
    const zip = await screen.findByRole('textbox', { name: /ZIP code/ });
    expect(zip).toHaveValue('94105');
    await userEvent.clear(zip);
    await userEvent.type(zip, '9410');
    await userEvent.clear(screen.getByRole('textbox', { name: /First name/ }));
    await userEvent.click(saveButton());
    expect(await screen.findByText('Enter a valid ZIP code.')).toBeVisible();
    expect(screen.getByText('Enter the first name.')).toBeVisible();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.operation === 'UpdateBillingAddress')).toBe(false);
  });

  it('sends the normalized address of the card in ?card=', async () => {
    const { calls } = renderScreen(
      (operation, variables) =>
        operation === 'UpdateBillingAddress'
          ? {
              updateBillingAddress: {
                data: { payment_source_id: variables.paymentSourceId, billing_address: {} },
                statusCode: 200,
              },
            }
          : {},
      `/billing-address?card=${OLDER}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'Visa ending in 4444', level: 2 }),
    ).toBeVisible();
    // A card without an address starts from the customer's name and no state chosen.
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Alejandro');
    const state = screen.getByRole('combobox', { name: /State/ });
    expect(state).toHaveValue('');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Street address/ }),
      '  12 Congress Ave ',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /City/ }), 'Austin ');
    await userEvent.selectOptions(state, 'TX');
    await userEvent.type(screen.getByRole('textbox', { name: /ZIP code/ }), ' 78701-1234');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'UpdateBillingAddress')?.variables).toEqual({
        paymentSourceId: OLDER,
        firstName: 'Alejandro',
        lastName: 'Rivera',
        streetAddress1: '12 Congress Ave',
        streetAddress2: null,
        city: 'Austin',
        stateCode: 'TX',
        zipCode: '78701-1234',
      }),
    );
    expect(await screen.findByText('Your billing address was updated.')).toBeVisible();
  });

  it('shows the server’s field errors on their fields', async () => {
    renderScreen((operation) => {
      if (operation === 'UpdateBillingAddress')
        throw new GraphqlRequestError('C101', 'Invalid input.', [
          {
            message: 'Invalid input.',
            extensions: { code: 'C101', fields: { stateCode: 'address.stateUnsupported' } },
          },
        ]);
      return {};
    });
    await screen.findByRole('textbox', { name: /ZIP code/ });
    await userEvent.click(saveButton());
    expect(await screen.findByText('Choose a state from the list.')).toBeVisible();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { CUSTOMER, renderWithServices, type Answer } from '../../test/render-with-services';
import { ManageAccountScreen } from './manage-account-screen';
import { NotificationPreferencesScreen } from './notification-preferences-screen';
import { ShippingScreen } from './shipping-screen';

const ADDRESS = {
  id: '7d0b3a8e-2a55-4c51-9a39-0c6b1f1f0a01',
  address_type: 'SHIPPING',
  first_name: 'Alejandro',
  last_name: 'Rivera',
  street_address1: '500 Market St',
  street_address2: null,
  city: 'San Francisco',
  state: 'California',
  state_code: 'CA',
  zip_code: '94105',
};
const WITH_ADDRESS = { ...CUSTOMER, shippingAddresses: [ADDRESS] } as unknown as typeof CUSTOMER;

describe('/shipping (spec 02 §5, §6)', () => {
  const renderShipping = (answer: Answer) =>
    renderWithServices([{ path: '/shipping', element: <ShippingScreen /> }], {
      path: '/shipping',
      answer,
      customer: WITH_ADDRESS,
    });

  it('shows the PO Box message on the field and sends nothing', async () => {
    const { calls } = renderShipping(() => ({}));
    const street = await screen.findByRole('textbox', { name: /Street address/ });
    await userEvent.clear(street);
    await userEvent.type(street, 'P.O. Box 12');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('We are not able to ship to a PO Box address.')).toBeVisible();
    expect(calls.some((c) => c.operation === 'UpdateShippingAddress')).toBe(false);
  });

  it.each([
    ['SA100', /different state/],
    ['SA101', /more than one subscription/],
    ['SA102', /for your treatment/],
    ['SA103', /couldn't update your address/],
  ])('shows the %s lock with a way to the care team', async (code, text) => {
    const { calls } = renderShipping((operation) => {
      if (operation === 'UpdateShippingAddress')
        throw new GraphqlRequestError(code, 'locked', [
          { message: 'locked', extensions: { code } },
        ]);
      return {};
    });
    const city = await screen.findByRole('textbox', { name: /City/ });
    await userEvent.clear(city);
    await userEvent.type(city, 'Oakland');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/messages');
    expect(calls.find((c) => c.operation === 'UpdateShippingAddress')?.variables).toMatchObject({
      addressId: ADDRESS.id,
      city: 'Oakland',
      stateCode: 'CA',
    });
  });
});

describe('/notification-preferences grid', () => {
  const cells = [
    { category: 'Marketing', channel: 'email', enabled: true, locked: false },
    { category: 'Marketing', channel: 'sms', enabled: false, locked: false },
    { category: 'Marketing', channel: 'push', enabled: false, locked: false },
    { category: 'Transactional', channel: 'email', enabled: true, locked: true },
    { category: 'Transactional', channel: 'sms', enabled: true, locked: true },
    { category: 'Transactional', channel: 'push', enabled: true, locked: true },
    { category: 'WeightTrackerReminderEmailSMS', channel: 'email', enabled: true, locked: false },
    { category: 'WeightTrackerReminderEmailSMS', channel: 'sms', enabled: true, locked: false },
    { category: 'WeightTrackerReminderEmailSMS', channel: 'push', enabled: false, locked: false },
  ];

  it('shows categories by channel, transactional locked on, and switches one cell', async () => {
    const { calls } = renderWithServices(
      [{ path: '/p', element: <NotificationPreferencesScreen /> }],
      {
        path: '/p',
        answer: (operation, variables) => {
          if (operation === 'GetNotificationPreferences') return { notificationPreferences: cells };
          if (operation === 'UpdateNotificationPreference')
            return { updateNotificationPreference: { ...variables, locked: false } };
          return {};
        },
      },
    );
    const marketingEmail = await screen.findByRole('switch', { name: 'News and offers by Email' });
    expect(marketingEmail).toBeChecked();
    expect(screen.getByRole('switch', { name: 'News and offers by Text' })).not.toBeChecked();
    const care = screen.getByRole('switch', { name: 'Care and account by Email' });
    expect(care).toBeChecked();
    expect(care).toBeDisabled();
    // Issue 44: push is not delivered, so no push column even though the server still has rows.
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    expect(screen.queryByRole('columnheader', { name: /push/i })).toBeNull();
    expect(screen.queryByRole('switch', { name: /push/i })).toBeNull();
    expect(screen.getByText(/Always on/)).toBeVisible();

    await userEvent.click(marketingEmail);
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'UpdateNotificationPreference')?.variables).toEqual({
        category: 'Marketing',
        channel: 'email',
        enabled: false,
      }),
    );
  });
});

describe('/manage-account phone field', () => {
  const ID = '3f0c8f8e-6a0e-4d7c-9a51-2b8f5c9d1e22';
  it('shows the phone as (XXX) XXX-XXXX, refuses 9 digits and saves 10', async () => {
    const { calls } = renderWithServices([{ path: '/m', element: <ManageAccountScreen /> }], {
      path: '/m',
      customer: { ...CUSTOMER, id: ID, phone: '5551234567' },
      answer: (operation, variables) =>
        operation === 'UpdatePhone'
          ? { updatePhone: { data: { id: 'c1', phone: variables.phone }, statusCode: 200 } }
          : {},
    });
    const phone = await screen.findByRole('textbox', { name: /Phone number/ });
    expect(phone).toHaveValue('(555) 123-4567');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Save phone' }));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.operation === 'UpdatePhone')).toBe(false);
    await userEvent.clear(phone);
    await userEvent.type(phone, '(555) 987-6543');
    await userEvent.click(screen.getByRole('button', { name: 'Save phone' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'UpdatePhone')?.variables).toMatchObject({
        customerId: ID,
        phone: '5559876543',
      }),
    );
    expect(await screen.findByText('Your phone number was updated.')).toBeVisible();
  });
});

describe('/manage-account deletion dialog', () => {
  it('says what deletion does to the plan and the card, and what is still owed (issue 45)', async () => {
    renderWithServices([{ path: '/m', element: <ManageAccountScreen /> }], {
      path: '/m',
      customer: CUSTOMER,
      answer: () => ({}),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(
      within(dialog).getByText(
        'Your plan ends today: nothing more ships and it does not renew. If it has a commitment billed each month, the payments left in it are still due and are charged to your card when you delete your account (your plan tab shows how much). Nothing already paid is refunded. Then your card is removed from our payment processor.',
      ),
    ).toBeVisible();
  });
});

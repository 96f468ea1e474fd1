import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addressFormSchema } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { errorCodeOf, fieldErrorsOf } from '../../lib/api/error-code';
import type { Customer } from '../../lib/customer/customer';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs';
import { AddressFields, useAddressForm } from './address-fields';
import { useUpdateShippingAddress } from './use-account-mutations';

const LOCK_CODES = ['SA100', 'SA101', 'SA102', 'SA103'] as const;
type Address = Customer['shippingAddresses'][number];

function AddressForm({ customer, address }: { customer: Customer; address: Address }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const update = useUpdateShippingAddress();
  const [lock, setLock] = useState<string | null>(null);
  const form = useAddressForm(
    {
      firstName: address.first_name ?? customer.first_name,
      lastName: address.last_name ?? customer.last_name,
      streetAddress1: address.street_address1,
      streetAddress2: address.street_address2 ?? '',
      city: address.city,
      stateCode: address.state_code,
      zipCode: address.zip_code,
    },
    addressFormSchema,
  );

  const save = form.handleSubmit((data) => {
    update.mutate(
      { addressId: address.id, ...data },
      {
        onSuccess: () => showAlert({ messageKey: 'address.saved', severity: 'success' }),
        onError: (error) => {
          const code = errorCodeOf(error, LOCK_CODES, 'C101');
          if (code !== 'C101') return setLock(code);
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) return form.showFieldErrors(fields);
          showAlert({ code });
          return undefined;
        },
      },
    );
  });
  const submit = (event: FormEvent) => {
    setLock(null);
    void save(event);
  };

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2}>
      {lock ? (
        <Alert severity="warning" role="alert">
          {t(`errors.${lock}`)}{' '}
          <Link component={RouterLink} to="/messages">
            {t('address.contactCareTeam')}
          </Link>
        </Alert>
      ) : null}
      <AddressFields form={form} section="shipping" />
      <SubmitButton loading={update.isPending} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {t('address.save')}
      </SubmitButton>
    </Stack>
  );
}

/**
 * Spec 02 §2 /shipping: the shipping address form with the spec's rules (no PO Box, valid
 * ZIP, supported state, names) and the lock messages SA100–SA103. Typing works without the
 * maps script; with MAPS_API_KEY set the street field suggests addresses (lib/maps/places.ts).
 */
export function ShippingScreen() {
  const { t } = useTranslation();
  const customer = useCustomerQuery();
  const c = customer.data;
  const address = c?.shippingAddresses.find((a) => a.address_type === 'SHIPPING');
  return (
    <>
      <AccountBreadcrumbs current={t('screens.shipping')} />
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('screens.shipping')}
      </Typography>
      {customer.isPending ? <Skeleton variant="rounded" height={320} /> : null}
      {customer.isError ? <StatusCard title={t('errors.C100')} /> : null}
      {c && !address ? <StatusCard message={t('address.none')} /> : null}
      {c && address ? (
        <Card component="section" aria-labelledby="address-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="address-heading" variant="h2" sx={{ mb: 2 }}>
              {t('address.title')}
            </Typography>
            <AddressForm customer={c} address={address} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

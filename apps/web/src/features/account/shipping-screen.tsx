import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addressFormSchema, SUPPORTED_STATES, type AddressFormInput } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { errorCodeOf, fieldErrorsOf } from '../../lib/api/error-code';
import { useCustomerQuery, type Customer } from '../../lib/customer/use-customer';
import { usePlacesSuggestions } from '../../lib/maps/places';
import { AccountBreadcrumbs } from './account-breadcrumbs';
import { useUpdateShippingAddress } from './use-account-mutations';

const LOCK_CODES = ['SA100', 'SA101', 'SA102', 'SA103'] as const;
type Address = Customer['shippingAddresses'][number];

function AddressForm({ customer, address }: { customer: Customer; address: Address }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const update = useUpdateShippingAddress();
  const [lock, setLock] = useState<string | null>(null);
  const [values, setValues] = useState<AddressFormInput>({
    firstName: address.first_name ?? customer.first_name,
    lastName: address.last_name ?? customer.last_name,
    streetAddress1: address.street_address1,
    streetAddress2: address.street_address2 ?? '',
    city: address.city,
    stateCode: address.state_code,
    zipCode: address.zip_code,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const streetInput = useRef<HTMLInputElement>(null);
  // With the maps key set, the street field suggests addresses; a choice fills the form.
  usePlacesSuggestions(streetInput, (place) => {
    setValues((v) => ({ ...v, ...place, streetAddress2: v.streetAddress2 }));
    setErrors({});
  });
  const field = (name: keyof AddressFormInput, autoComplete: string) => ({
    name,
    label: t(`address.fields.${name}`),
    autoComplete,
    value: values[name] ?? '',
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : undefined,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLock(null);
    const parsed = addressFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(
      { addressId: address.id, ...parsed.data },
      {
        onSuccess: () => showAlert({ messageKey: 'address.saved', severity: 'success' }),
        onError: (error) => {
          const code = errorCodeOf(error, LOCK_CODES, 'C101');
          if (code !== 'C101') return setLock(code);
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) return setErrors(fields);
          showAlert({ code });
          return undefined;
        },
      },
    );
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
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput required {...field('firstName', 'shipping given-name')} />
        <TextInput required {...field('lastName', 'shipping family-name')} />
      </Stack>
      <TextInput
        required
        inputRef={streetInput}
        {...field('streetAddress1', 'shipping address-line1')}
      />
      <TextInput {...field('streetAddress2', 'shipping address-line2')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput required {...field('city', 'shipping address-level2')} />
        <FormControl fullWidth error={Boolean(errors.stateCode)} required>
          <InputLabel variant="standard" htmlFor="state-select" shrink>
            {t('address.fields.stateCode')}
          </InputLabel>
          <NativeSelect
            id="state-select"
            value={values.stateCode}
            inputProps={{ autoComplete: 'shipping address-level1' }}
            onChange={(e) => setValues((v) => ({ ...v, stateCode: e.target.value }))}
          >
            {SUPPORTED_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
          {errors.stateCode ? <FormHelperText>{t(errors.stateCode)}</FormHelperText> : null}
        </FormControl>
        <TextInput required {...field('zipCode', 'shipping postal-code')} />
      </Stack>
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

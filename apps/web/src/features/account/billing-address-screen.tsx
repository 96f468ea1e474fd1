import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { billingAddressFormSchema } from '@portal/domain';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { errorCodeOf, fieldErrorsOf } from '../../lib/api/error-code';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs';
import { AddressFields, useAddressForm } from './address-fields';
import { useBillingAddresses, useUpdateBillingAddress } from './use-billing-address';

type Card = NonNullable<ReturnType<typeof useBillingAddresses>['data']>[number];

// The shared state message speaks of shipping; a card's address gets its own wording.
const billingMessage = (key: string) =>
  key === 'address.stateUnsupported' ? 'billingAddress.stateUnsupported' : key;

function BillingAddressForm({ card, names }: { card: Card; names: [string, string] }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const update = useUpdateBillingAddress();
  const a = card.billing_address;
  const form = useAddressForm(
    {
      firstName: a.first_name ?? names[0],
      lastName: a.last_name ?? names[1],
      streetAddress1: a.street_address1 ?? '',
      streetAddress2: a.street_address2 ?? '',
      city: a.city ?? '',
      stateCode: a.state_code ?? '',
      zipCode: a.zip_code ?? '',
    },
    billingAddressFormSchema,
  );

  const submit = form.handleSubmit((data) => {
    update.mutate(
      { paymentSourceId: card.payment_source_id, ...data },
      {
        onSuccess: () => showAlert({ messageKey: 'billingAddress.saved', severity: 'success' }),
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) return form.showFieldErrors(fields);
          showAlert({ code: errorCodeOf(error, ['ST101'], 'C101') });
          return undefined;
        },
      },
    );
  });

  return (
    <Stack component="form" onSubmit={(event) => void submit(event)} noValidate spacing={2}>
      <AddressFields form={form} section="billing" messageKey={billingMessage} />
      <SubmitButton loading={update.isPending} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {t('billingAddress.save')}
      </SubmitButton>
    </Stack>
  );
}

/**
 * Spec 02 §2 "shipping and billing address" among the account settings: the billing address
 * of the card the plan tab shows (?card= picks one when there are several; else the newest).
 * The shipping rules hold, a PO Box refused too (issue 14). Places suggestions as on /shipping.
 */
export function BillingAddressScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const customer = useCustomerQuery();
  const cards = useBillingAddresses();
  const card =
    cards.data?.find((c) => c.payment_source_id === params.get('card')) ?? cards.data?.[0];
  const c = customer.data;
  const title = t('billingAddress.title');
  return (
    <>
      <AccountBreadcrumbs current={title} />
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {cards.isPending || customer.isPending ? <Skeleton variant="rounded" height={320} /> : null}
      {cards.isError || customer.isError ? <StatusCard title={t('errors.B100')} /> : null}
      {cards.data && c && !card ? (
        <StatusCard
          message={t('billingAddress.noCard')}
          action={
            <Button component={RouterLink} to="/billing?tab=plan" variant="outlined">
              {t('billingAddress.toBilling')}
            </Button>
          }
        />
      ) : null}
      {card && c ? (
        <Card component="section" aria-labelledby="billing-address-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="billing-address-heading" variant="h2" sx={{ mb: 1 }}>
              {t('billingAddress.cardHeading', { brand: card.brand, last4: card.mask.slice(-4) })}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('billingAddress.intro')}
            </Typography>
            <BillingAddressForm
              key={card.payment_source_id}
              card={card}
              names={[c.first_name, c.last_name]}
            />
            <Link
              component={RouterLink}
              to="/billing?tab=plan"
              sx={{ display: 'inline-block', mt: 3 }}
            >
              {t('billingAddress.toBilling')}
            </Link>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRONOUNS } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { errorCodeOf } from '../../lib/api/error-code';
import type { Customer } from '../../lib/customer/customer';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { lazyComponent, OnceOpened } from '../../components/lazy-dialog';
import { useServices } from '../../lib/services';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs';
import { accountIdentity } from './account-identity';
import { PasswordForm } from './password-form';
import { PhoneForm } from './phone-form';
import { SecuritySection } from './security-section';
import { useUpdateGender } from './use-account-mutations';
import { LINKED_ACCOUNTS_KEY, useLinkedAccounts } from './use-linked-accounts';

// Opened on demand (issue 46): not part of the page's first load.
const EmailChangeDialog = lazyComponent(() => import('./email-change-dialog'), 'EmailChangeDialog');
const DeleteAccountDialog = lazyComponent(
  () => import('./delete-account-dialog'),
  'DeleteAccountDialog',
);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function PronounsField({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const update = useUpdateGender();
  return (
    // Outlined like the phone and password fields on this screen (seen at 390 and 1280 px).
    <FormControl fullWidth variant="outlined">
      <InputLabel htmlFor="pronouns-select" shrink>
        {t('account.pronouns.label')}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput id="pronouns-select" label={t('account.pronouns.label')} notched />}
        defaultValue={customer.gender ?? ''}
        disabled={update.isPending}
        onChange={(e) =>
          update.mutate(
            { customerId: customer.id, gender: e.target.value || null },
            {
              onSuccess: () =>
                showAlert({ messageKey: 'account.pronouns.saved', severity: 'success' }),
              onError: (err) => showAlert({ code: errorCodeOf(err, ['C109'], 'C109') }),
            },
          )
        }
      >
        <option value="">{t('account.pronouns.none')}</option>
        {PRONOUNS.map((p) => (
          <option key={p} value={p}>
            {t(`account.pronouns.${p}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

function GoogleSection() {
  const { t } = useTranslation();
  const { session } = useServices();
  const { showAlert } = useAlerts();
  const queryClient = useQueryClient();
  const links = useLinkedAccounts();
  const [busy, setBusy] = useState(false);
  const unlink = async () => {
    setBusy(true);
    try {
      await accountIdentity(session).unlinkGoogle();
      queryClient.setQueryData(LINKED_ACCOUNTS_KEY, { google: false });
      showAlert({ messageKey: 'account.google.unlinked', severity: 'success' });
    } catch {
      showAlert({ code: 'C101' });
    } finally {
      setBusy(false);
    }
  };
  if (links.isPending) return <Skeleton variant="rounded" height={48} />;
  if (!links.data?.google) {
    return <Typography color="text.secondary">{t('account.google.notLinked')}</Typography>;
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{t('account.google.intro')}</Typography>
      <Button variant="outlined" onClick={() => void unlink()} disabled={busy}>
        {t('account.google.unlink')}
      </Button>
    </Stack>
  );
}

/** Spec 02 §2 /manage-account: email, phone, pronouns, password, Google, account deletion. */
export function ManageAccountScreen() {
  const { t } = useTranslation();
  const customer = useCustomerQuery();
  const [dialog, setDialog] = useState<'email' | 'delete' | null>(null);
  const c = customer.data;
  return (
    <>
      <AccountBreadcrumbs current={t('screens.manageAccount')} />
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('screens.manageAccount')}
      </Typography>
      {customer.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {customer.isError ? (
        <StatusCard
          title={t('errors.C100')}
          action={
            <Button variant="outlined" onClick={() => void customer.refetch()}>
              {t('account.retry')}
            </Button>
          }
        />
      ) : null}
      {c ? (
        <Stack spacing={3}>
          <Section id="email-heading" title={t('account.email.title')}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Typography sx={{ overflowWrap: 'anywhere' }}>{c.email}</Typography>
              <Button variant="outlined" onClick={() => setDialog('email')}>
                {t('account.email.change')}
              </Button>
            </Stack>
          </Section>
          <Section id="phone-heading" title={t('account.phone.title')}>
            <PhoneForm customer={c} />
          </Section>
          <Section id="pronouns-heading" title={t('account.pronouns.title')}>
            <PronounsField customer={c} />
          </Section>
          <Section id="password-heading" title={t('account.password.title')}>
            <PasswordForm />
          </Section>
          <Section id="security-heading" title={t('account.security.title')}>
            <SecuritySection />
          </Section>
          <Section id="google-heading" title={t('account.google.title')}>
            <GoogleSection />
          </Section>
          <Section id="delete-heading" title={t('deleteAccount.title')}>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Typography color="text.secondary">{t('deleteAccount.summary')}</Typography>
              <Button variant="outlined" color="error" onClick={() => setDialog('delete')}>
                {t('deleteAccount.open')}
              </Button>
            </Stack>
          </Section>
          <OnceOpened open={dialog === 'email'}>
            <EmailChangeDialog
              open={dialog === 'email'}
              onClose={() => setDialog(null)}
              customerId={c.id}
              currentEmail={c.email}
            />
          </OnceOpened>
          <OnceOpened open={dialog === 'delete'}>
            <DeleteAccountDialog
              open={dialog === 'delete'}
              onClose={() => setDialog(null)}
              customerId={c.id}
            />
          </OnceOpened>
        </Stack>
      ) : null}
    </>
  );
}

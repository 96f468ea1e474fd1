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
import {
  AUTH_MESSAGES,
  formatPhone,
  PRONOUNS,
  updatePasswordSchema,
  updatePhoneSchema,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { PasswordField } from '../../components/password-field';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { ApiError } from '../../lib/api/http';
import { errorCodeOf } from '../../lib/api/error-code';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { type Customer } from '../../lib/customer/customer';
import { useServices } from '../../lib/services';
import { AccountBreadcrumbs } from './account-breadcrumbs';
import { accountIdentity } from './account-identity';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EmailChangeDialog } from './email-change-dialog';
import { useUpdateGender, useUpdatePhone } from './use-account-mutations';
import { LINKED_ACCOUNTS_KEY, useLinkedAccounts } from './use-linked-accounts';

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

function PhoneForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const update = useUpdatePhone();
  const [phone, setPhone] = useState(customer.phone ? formatPhone(customer.phone) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updatePhoneSchema.safeParse({ customerId: customer.id, phone });
    if (!parsed.success) return setError('phone.invalid');
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => {
        setPhone(formatPhone(parsed.data.phone));
        showAlert({ messageKey: 'account.phone.saved', severity: 'success' });
      },
      onError: (e) => showAlert({ code: errorCodeOf(e, ['C104'], 'C104') }),
    });
    return undefined;
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2}>
      <TextInput
        label={t('account.phone.label')}
        name="phone"
        type="tel"
        autoComplete="tel-national"
        error={error !== null}
        helperText={error ? t(error) : t('account.phone.help')}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <SubmitButton loading={update.isPending} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {t('account.phone.save')}
      </SubmitButton>
    </Stack>
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

function PasswordForm() {
  const { t } = useTranslation();
  const { session } = useServices();
  const { showAlert } = useAlerts();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updatePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await accountIdentity(session).changePassword(
        parsed.data.currentPassword,
        parsed.data.newPassword,
      );
      showAlert({ messageKey: 'account.password.saved', severity: 'success' });
      setValues({ currentPassword: '', newPassword: '' });
      setFormKey((k) => k + 1);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid-credentials') {
        setErrors({ currentPassword: 'account.password.wrong' });
      } else if (error instanceof ApiError && error.code === 'password-too-common') {
        // The server's list of common and breached passwords (kept out of the web bundle).
        setErrors({ newPassword: AUTH_MESSAGES.passwordTooCommon });
      } else {
        showAlert({ code: 'C101' });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack key={formKey} component="form" onSubmit={(e) => void submit(e)} noValidate spacing={2}>
      <PasswordField
        label={t('account.password.current')}
        name="currentPassword"
        autoComplete="current-password"
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword ? t(errors.currentPassword) : undefined}
        onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
      />
      <PasswordField
        label={t('account.password.new')}
        name="newPassword"
        autoComplete="new-password"
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword ? t(errors.newPassword) : t('account.password.help')}
        onChange={(e) => setValues((v) => ({ ...v, newPassword: e.target.value }))}
      />
      <SubmitButton loading={busy} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {t('account.password.save')}
      </SubmitButton>
    </Stack>
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
          <EmailChangeDialog
            open={dialog === 'email'}
            onClose={() => setDialog(null)}
            customerId={c.id}
            currentEmail={c.email}
          />
          <DeleteAccountDialog
            open={dialog === 'delete'}
            onClose={() => setDialog(null)}
            customerId={c.id}
          />
        </Stack>
      ) : null}
    </>
  );
}

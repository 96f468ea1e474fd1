import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { formatPhone, updatePhoneSchema } from '@portal/domain';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../components/alerts/alert-context';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { errorCodeOf } from '../../lib/api/error-code';
import type { Customer } from '../../lib/customer/customer';
import { useTranslation } from '../../lib/i18n-react';
import { useUpdatePhone } from './use-account-mutations';

/** The phone number, shown as (XXX) XXX-XXXX and saved as its 10 digits (C104). */
export function PhoneForm({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const update = useUpdatePhone();
  const { control, handleSubmit, setValue } = useForm({
    resolver: zodResolver(updatePhoneSchema),
    defaultValues: {
      customerId: customer.id,
      phone: customer.phone ? formatPhone(customer.phone) : '',
    },
  });
  const submit = handleSubmit((data) => {
    update.mutate(data, {
      onSuccess: () => {
        setValue('phone', formatPhone(data.phone));
        showAlert({ messageKey: 'account.phone.saved', severity: 'success' });
      },
      onError: (e) => showAlert({ code: errorCodeOf(e, ['C104'], 'C104') }),
    });
  });
  return (
    <Stack component="form" onSubmit={(event) => void submit(event)} noValidate spacing={2}>
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState: { error } }) => (
          <TextInput
            label={t('account.phone.label')}
            name={field.name}
            type="tel"
            autoComplete="tel-national"
            error={Boolean(error)}
            helperText={error?.message ? t(error.message) : t('account.phone.help')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )}
      />
      <SubmitButton loading={update.isPending} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {t('account.phone.save')}
      </SubmitButton>
    </Stack>
  );
}

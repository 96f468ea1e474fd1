import Alert from '@mui/material/Alert';
import {
  CANCELLATION_REASONS,
  CANCELLATION_TEXT_MAX,
  cancelSubscriptionSchema,
} from '@portal/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAlerts } from '../../components/alerts/alert-context';
import { SubmitButton } from '../../components/submit-button';
import { errorCodeOf } from '../../lib/api/error-code';
import { formatCalendarDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useCancelSubscription } from './use-cancel-subscription';

/** Spec 02 §2, §5: cancellation with a reason from a list and an optional bounded free text. */
export function CancelPlanDialog({
  open,
  subscriptionId,
  commitmentNote = null,
  onClose,
}: {
  open: boolean;
  subscriptionId: string;
  /** What ending the plan now still costs, in words (the plan tab's timeline says the same). */
  commitmentNote?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const cancel = useCancelSubscription();
  const labelId = useId();
  const { control, handleSubmit, setValue, watch, formState } = useForm({
    resolver: zodResolver(cancelSubscriptionSchema),
    defaultValues: { subscriptionId, otherText: '' },
  });
  // The schema checks the plan's subscription too: always the one the dialog is open for.
  useEffect(() => setValue('subscriptionId', subscriptionId), [subscriptionId, setValue]);
  const errors = {
    reason: formState.errors.reason?.message,
    otherText: formState.errors.otherText?.message,
  };
  const reason = watch('reason');

  const onSubmit = handleSubmit(
    (input) =>
      cancel.mutate(input, {
        onSuccess: (result) => {
          showAlert({
            messageKey: 'billing.cancel.done',
            values: { date: formatCalendarDate(result.effectiveDate) },
            severity: 'success',
          });
          onClose();
        },
        onError: (error) => showAlert({ code: errorCodeOf(error, ['C110'], 'C110') }),
      }),
    // Only a bad subscription id is left: nothing the customer can fix here.
    (invalid) => {
      if (!invalid.reason && !invalid.otherText) showAlert({ code: 'C110' });
    },
  );

  return (
    <Dialog open={open} onClose={cancel.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle>{t('billing.cancel.title')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('billing.cancel.intro')}
          </Typography>
          {commitmentNote ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {commitmentNote}
            </Alert>
          ) : null}
          <FormControl error={Boolean(errors.reason)} required>
            <FormLabel id={labelId}>{t('billing.cancel.reasonLabel')}</FormLabel>
            <Controller
              control={control}
              name="reason"
              render={({ field }) => (
                <RadioGroup
                  aria-labelledby={labelId}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                >
                  {CANCELLATION_REASONS.map((r) => (
                    <FormControlLabel
                      key={r}
                      value={r}
                      control={<Radio />}
                      label={t(`billing.cancel.reasons.${r}`)}
                    />
                  ))}
                </RadioGroup>
              )}
            />
            {errors.reason ? <FormHelperText>{t(errors.reason)}</FormHelperText> : null}
          </FormControl>
          <Controller
            control={control}
            name="otherText"
            render={({ field }) => (
              <TextField
                sx={{ mt: 2 }}
                fullWidth
                multiline
                minRows={3}
                name={field.name}
                inputRef={field.ref}
                label={
                  reason === 'other'
                    ? t('billing.cancel.otherLabelRequired')
                    : t('billing.cancel.otherLabel')
                }
                required={reason === 'other'}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                slotProps={{ htmlInput: { maxLength: CANCELLATION_TEXT_MAX } }}
                error={Boolean(errors.otherText)}
                helperText={
                  errors.otherText
                    ? t(errors.otherText)
                    : t('billing.cancel.count', {
                        count: (field.value ?? '').length,
                        max: CANCELLATION_TEXT_MAX,
                      })
                }
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={onClose} disabled={cancel.isPending} variant="contained">
            {t('billing.cancel.keep')}
          </Button>
          <SubmitButton
            loading={cancel.isPending}
            fullWidth={false}
            size="medium"
            color="error"
            variant="outlined"
          >
            {t('billing.cancel.confirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

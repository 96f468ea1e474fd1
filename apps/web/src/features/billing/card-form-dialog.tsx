import { detectCardBrand, type CardTokenRequest } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../components/alerts/alert-context';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { errorCodeOf } from '../../lib/api/error-code';
import { CardTokenError, tokenizeCard } from '../../lib/billing/tokenize-card';
import { muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { cardResolver, EMPTY_CARD, type CardFields } from './card-fields';
import { processorMessageKey } from './payment-error';
import { useReplacePaymentSource } from './use-replace-payment-source';

/**
 * The card form (spec 02 §2, §5): the details go to the gateway's tokenization endpoint and
 * only the token reaches our API (replacePaymentSource). The shared domain schema checks number,
 * expiry and CVC first and shows each error inline; a processor's refusal shows its message.
 */
export function CardFormDialog({
  open,
  oldPaymentSourceId,
  onClose,
  today = new Date(),
}: {
  open: boolean;
  oldPaymentSourceId: string | null;
  onClose: () => void;
  today?: Date;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const replace = useReplacePaymentSource();
  const [processorMessage, setProcessorMessage] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const busy = tokenizing || replace.isPending;
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<
    CardFields,
    unknown,
    CardTokenRequest
  >({ resolver: cardResolver(today), defaultValues: EMPTY_CARD });
  const errors = formState.errors;

  const close = () => {
    reset(EMPTY_CARD);
    setProcessorMessage(null);
    onClose();
  };

  const save = handleSubmit(async (card) => {
    setTokenizing(true);
    let token: string;
    try {
      token = (await tokenizeCard(card)).token;
    } catch (error) {
      setTokenizing(false);
      if (error instanceof CardTokenError && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          setError(field as keyof CardFields, { message });
        }
      } else {
        showAlert({ code: 'ST102' });
      }
      return;
    }
    setTokenizing(false);
    replace.mutate(
      { oldPaymentSourceId, paymentToken: token },
      {
        onSuccess: () => {
          showAlert({ messageKey: 'billing.card.saved', severity: 'success' });
          close();
        },
        onError: (error) => {
          const message = processorMessageKey(error, ['ST102']);
          if (message) setProcessorMessage(message);
          else showAlert({ code: errorCodeOf(error, ['ST101', 'ST102'], 'ST102') });
        },
      },
    );
  });
  const onSubmit = (event: FormEvent) => {
    setProcessorMessage(null);
    void save(event);
  };

  const brand = detectCardBrand(watch('cardNumber'));
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit} aria-label={t('billing.card.save')}>
        <DialogTitle>
          {oldPaymentSourceId ? t('billing.card.formTitleReplace') : t('billing.card.formTitleAdd')}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('billing.card.formIntro')}
          </Typography>
          {processorMessage ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {t(processorMessage)}
            </Alert>
          ) : null}
          <Stack spacing={2}>
            <TextInput
              label={t('billing.card.number')}
              autoComplete="cc-number"
              required
              {...muiField(register('cardNumber'))}
              error={Boolean(errors.cardNumber)}
              helperText={
                errors.cardNumber?.message ? t(errors.cardNumber.message) : (brand ?? undefined)
              }
            />
            <Stack direction="row" spacing={2}>
              <TextInput
                label={t('billing.card.expiry')}
                autoComplete="cc-exp"
                required
                {...muiField(register('expiry'))}
                error={Boolean(errors.expiry)}
                helperText={errors.expiry?.message ? t(errors.expiry.message) : undefined}
              />
              <TextInput
                label={t('billing.card.cvc')}
                autoComplete="cc-csc"
                required
                {...muiField(register('cvc'))}
                error={Boolean(errors.cvc)}
                helperText={errors.cvc?.message ? t(errors.cvc.message) : undefined}
              />
            </Stack>
            <TextInput
              label={t('billing.card.postalCode')}
              autoComplete="postal-code"
              {...muiField(register('postalCode'))}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={close} disabled={busy}>
            {t('billing.card.cancel')}
          </Button>
          <SubmitButton loading={busy} fullWidth={false} size="medium">
            {t('billing.card.save')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

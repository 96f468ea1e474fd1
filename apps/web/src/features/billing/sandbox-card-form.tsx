import { detectCardBrand, type CardTokenRequest } from '@portal/domain';
import Stack from '@mui/material/Stack';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../components/alerts/alert-context';
import { TextInput } from '../../components/text-input';
import { CardTokenError, tokenizeCard } from '../../lib/billing/tokenize-card';
import { muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { cardResolver, EMPTY_CARD, type CardFields } from './card-fields';
import { CardFormLayout } from './card-form-layout';
import { useSaveCard } from './use-save-card';

/**
 * The sandbox's card form (spec 02 §5): the details go to the sandbox gateway's tokenization
 * endpoint and only the token reaches our API. The shared domain schema checks number, expiry
 * and CVC first and shows each error inline; a processor's refusal shows its message.
 */
export function SandboxCardForm({
  oldPaymentSourceId,
  today,
  onDone,
  onBusyChange,
}: {
  oldPaymentSourceId: string | null;
  today: Date;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const [tokenizing, setTokenizing] = useState(false);
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<
    CardFields,
    unknown,
    CardTokenRequest
  >({ resolver: cardResolver(today), defaultValues: EMPTY_CARD });
  const errors = formState.errors;
  const close = () => {
    reset(EMPTY_CARD);
    onDone();
  };
  const saveCard = useSaveCard(oldPaymentSourceId, close);
  const busy = tokenizing || saveCard.saving;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const save = handleSubmit(async (card) => {
    setTokenizing(true);
    let token: string;
    try {
      token = (await tokenizeCard(card)).token;
    } catch (error) {
      if (error instanceof CardTokenError && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          setError(field as keyof CardFields, { message });
        }
      } else {
        showAlert({ code: 'ST102' });
      }
      return;
    } finally {
      setTokenizing(false);
    }
    saveCard.save(token);
  });
  const onSubmit = (event: FormEvent) => {
    saveCard.clearRefusal();
    void save(event);
  };

  const brand = detectCardBrand(watch('cardNumber'));
  return (
    <CardFormLayout
      onSubmit={onSubmit}
      onCancel={close}
      busy={busy}
      error={saveCard.refusal ? t(saveCard.refusal) : null}
    >
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
    </CardFormLayout>
  );
}

import { cardTokenRequestSchema, detectCardBrand, normalizeCardNumber } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { TextInput } from '../../components/text-input';
import { SubmitButton } from '../../components/submit-button';
import { errorCodeOf } from '../../lib/api/error-code';
import { CardTokenError, tokenizeCard } from '../../lib/billing/tokenize-card';
import { processorMessageKey } from './payment-error';
import { useReplacePaymentSource } from './use-replace-payment-source';

type Field = 'cardNumber' | 'expiry' | 'cvc';

/** "12/30", "1/2030", "12 / 30" → month and four-digit year; NaN when it is not a date. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return { expMonth: Number.NaN, expYear: Number.NaN };
  const year = Number(m[2]);
  return { expMonth: Number(m[1]), expYear: year < 100 ? 2000 + year : year };
}

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
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '', postalCode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [processorMessage, setProcessorMessage] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const busy = tokenizing || replace.isPending;

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
  };

  const close = () => {
    setValues({ cardNumber: '', expiry: '', cvc: '', postalCode: '' });
    setErrors({});
    setProcessorMessage(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProcessorMessage(null);
    const schema = cardTokenRequestSchema({
      year: today.getFullYear(),
      month: today.getMonth() + 1,
    });
    const card = {
      cardNumber: normalizeCardNumber(values.cardNumber),
      ...parseExpiry(values.expiry),
      cvc: values.cvc.trim(),
      ...(values.postalCode.trim() ? { postalCode: values.postalCode.trim() } : {}),
    };
    const parsed = schema.safeParse(card);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (field === 'cardNumber' || field === 'expiry' || field === 'cvc') {
          found[field] ??= issue.message;
        }
        if (issue.path[0] === 'expMonth' || issue.path[0] === 'expYear') {
          found.expiry ??= 'card.invalidExpiry';
        }
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setTokenizing(true);
    let token: string;
    try {
      token = (await tokenizeCard(parsed.data)).token;
    } catch (error) {
      setTokenizing(false);
      if (error instanceof CardTokenError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
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
  };

  const brand = detectCardBrand(values.cardNumber);
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('billing.card.save')}>
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
              name="cardNumber"
              autoComplete="cc-number"
              required
              onChange={set('cardNumber')}
              error={Boolean(errors.cardNumber)}
              helperText={errors.cardNumber ? t(errors.cardNumber) : (brand ?? undefined)}
            />
            <Stack direction="row" spacing={2}>
              <TextInput
                label={t('billing.card.expiry')}
                name="expiry"
                autoComplete="cc-exp"
                required
                onChange={set('expiry')}
                error={Boolean(errors.expiry)}
                helperText={errors.expiry ? t(errors.expiry) : undefined}
              />
              <TextInput
                label={t('billing.card.cvc')}
                name="cvc"
                autoComplete="cc-csc"
                required
                onChange={set('cvc')}
                error={Boolean(errors.cvc)}
                helperText={errors.cvc ? t(errors.cvc) : undefined}
              />
            </Stack>
            <TextInput
              label={t('billing.card.postalCode')}
              name="postalCode"
              autoComplete="postal-code"
              onChange={set('postalCode')}
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

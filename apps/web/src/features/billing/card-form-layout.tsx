import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { useTranslation } from '../../lib/i18n-react';

/**
 * What both card forms (the sandbox's fields and Stripe's Payment Element) share inside the
 * card dialog: the note that details go to the processor, the processor's refusal, the fields,
 * and Cancel and Save, which cannot be pressed while a save runs.
 */
export function CardFormLayout({
  onSubmit,
  onCancel,
  busy,
  canSave = true,
  error,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  busy: boolean;
  canSave?: boolean;
  /** Shown above the fields, already in the customer's language. */
  error: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('billing.card.save')}>
      <DialogContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('billing.card.formIntro')}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('billing.card.cancel')}
        </Button>
        <SubmitButton loading={busy} disabled={!canSave} fullWidth={false} size="medium">
          {t('billing.card.save')}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

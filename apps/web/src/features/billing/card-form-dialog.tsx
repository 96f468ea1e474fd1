import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { lazyWithReload } from '../../lib/chunk-reload';
import { usePaymentsConfig } from '../../lib/billing/use-payments-config';
import { useTranslation } from '../../lib/i18n-react';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js and its React bindings come only with this chunk, and only when Stripe is the
// processor (issue 39: loaded on the screens that take a card; the main bundle does not grow).
const StripeCardForm = lazy(
  lazyWithReload(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm })),
);

function Loading() {
  const { t } = useTranslation();
  return (
    <DialogContent>
      <Box aria-busy="true" aria-label={t('billing.card.formLoading')} role="status">
        <Skeleton variant="rounded" height={44} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={44} />
      </Box>
    </DialogContent>
  );
}

/**
 * The card dialog (spec 02 §2, §5; issue 39): the processor's own way in, so no card number
 * reaches our API. The sandbox: our fields, posted to the sandbox's tokenization endpoint.
 * Stripe: its Payment Element confirming a SetupIntent. Which one is /config.json's answer,
 * never a guess: until it is in, the dialog shows that it is loading.
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
  const payments = usePaymentsConfig();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setBusy(false);
    onClose();
  };
  const form = { oldPaymentSourceId, onDone: close, onBusyChange: setBusy };

  let body: ReactNode;
  switch (payments.status) {
    case 'loading':
      body = <Loading />;
      break;
    case 'failed':
      body = (
        <>
          <DialogContent>
            <Alert
              severity="error"
              role="alert"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={payments.retry}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t('billing.card.tryAgain')}
                </Button>
              }
            >
              {t('billing.card.formUnavailable')}
            </Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button onClick={close}>{t('billing.card.cancel')}</Button>
          </DialogActions>
        </>
      );
      break;
    case 'ready':
      body =
        payments.payments.provider === 'stripe' ? (
          <Suspense fallback={<Loading />}>
            <StripeCardForm {...form} publishableKey={payments.payments.publishableKey} />
          </Suspense>
        ) : (
          <SandboxCardForm {...form} today={today} />
        );
      break;
  }
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>
        {oldPaymentSourceId ? t('billing.card.formTitleReplace') : t('billing.card.formTitleAdd')}
      </DialogTitle>
      {body}
    </Dialog>
  );
}

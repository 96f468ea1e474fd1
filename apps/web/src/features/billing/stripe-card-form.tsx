import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import type { Appearance, Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import { loadStripeFor, stripeErrorText } from '../../lib/billing/stripe';
import { useTranslation } from '../../lib/i18n-react';
import { CardFormLayout } from './card-form-layout';
import { useSaveCard } from './use-save-card';
import { useStartCardSetup } from './use-start-card-setup';

// Stripe's card form (issue 39), its own chunk: the card dialog imports it only when Stripe is
// the processor, so a sandbox deployment never downloads it. The card details live in Stripe's
// frames (PCI SAQ A); our API sees only the SetupIntent id, as replacePaymentSource's token.

interface FormProps {
  oldPaymentSourceId: string | null;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** While Stripe.js loads: the shape of the Payment Element's card fields. */
function FieldsSkeleton({ label }: { label: string }) {
  return (
    <Box aria-busy="true" aria-label={label} role="status">
      <Skeleton variant="rounded" height={44} sx={{ mb: 2 }} />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Skeleton variant="rounded" height={44} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={44} sx={{ flex: 1 }} />
      </Box>
      <Skeleton variant="rounded" height={44} sx={{ mt: 2 }} />
    </Box>
  );
}

/** Stripe.js could not load (offline, blocked): say so, and offer another try. */
function Unavailable({ onRetry, onCancel }: { onRetry?: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <CardFormLayout
      onSubmit={(event) => event.preventDefault()}
      onCancel={onCancel}
      busy={false}
      canSave={false}
      error={null}
    >
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
              {t('billing.card.tryAgain')}
            </Button>
          ) : undefined
        }
      >
        {t('billing.card.formUnavailable')}
      </Alert>
    </CardFormLayout>
  );
}

export function StripeCardForm({
  publishableKey,
  ...props
}: FormProps & { publishableKey: string | null }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!publishableKey) return undefined;
    let live = true;
    loadStripeFor(publishableKey).then(
      (loaded) => {
        if (live) setStripe(loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);
  // The Payment Element in the app's colours, corners and type (UI.md), in the page's language.
  const appearance = useMemo<Appearance>(
    () => ({
      theme: 'stripe',
      variables: {
        colorPrimary: theme.palette.primary.main,
        colorDanger: theme.palette.error.main,
        colorText: theme.palette.text.primary,
        borderRadius: '8px',
        fontFamily: String(theme.typography.fontFamily),
        fontSizeBase: '16px',
      },
    }),
    [theme],
  );

  if (!publishableKey || failed) {
    return (
      <Unavailable
        onCancel={props.onDone}
        onRetry={
          publishableKey
            ? () => {
                setFailed(false);
                setAttempt((n) => n + 1);
              }
            : undefined
        }
      />
    );
  }
  if (!stripe) {
    return (
      <CardFormLayout
        onSubmit={(e) => e.preventDefault()}
        onCancel={props.onDone}
        busy={false}
        canSave={false}
        error={null}
      >
        <FieldsSkeleton label={t('billing.card.formLoading')} />
      </CardFormLayout>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        // A deferred SetupIntent: the element collects the card first; the intent is made
        // (startCardSetup) only when the customer saves.
        mode: 'setup',
        currency: 'usd',
        allowedPaymentMethodTypes: ['card'],
        locale: (i18n.language === 'es' ? 'es' : 'en') satisfies StripeElementLocale,
        appearance,
      }}
    >
      <PaymentElementForm {...props} />
    </Elements>
  );
}

function PaymentElementForm({ oldPaymentSourceId, onDone, onBusyChange }: FormProps) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const stripe = useStripe();
  const elements = useElements();
  const startSetup = useStartCardSetup();
  const saveCard = useSaveCard(oldPaymentSourceId, onDone);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = confirming || saveCard.saving;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const confirm = async () => {
    if (!stripe || !elements) return;
    // The element checks its own fields and shows their errors beside them.
    const submitted = await elements.submit();
    if (submitted.error) return;
    let clientSecret: string | null;
    try {
      clientSecret = (await startSetup.mutateAsync()).clientSecret ?? null;
    } catch (failure) {
      showAlert({ code: errorCodeOf(failure, ['ST100', 'ST102'], 'ST102') });
      return;
    }
    if (!clientSecret) {
      // The server is not on Stripe although /config.json said so (a deploy in between).
      showAlert({ code: 'ST102' });
      return;
    }
    // Stripe shows its own 3-D Secure frame here if the bank asks; no page leaves the app.
    const result = await stripe.confirmSetup({ elements, clientSecret, redirect: 'if_required' });
    if (result.error) {
      const said = stripeErrorText(result.error);
      setError('text' in said ? said.text : t(said.key));
      return;
    }
    if (result.setupIntent.status !== 'succeeded') {
      setError(t('payment.default'));
      return;
    }
    saveCard.save(result.setupIntent.id);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    saveCard.clearRefusal();
    setConfirming(true);
    confirm()
      .catch(() => setError(t('payment.default')))
      .finally(() => setConfirming(false));
  };

  if (loadError) return <Unavailable onCancel={onDone} />;
  const shown = error ?? (saveCard.refusal ? t(saveCard.refusal) : null);
  return (
    <CardFormLayout
      onSubmit={onSubmit}
      onCancel={onDone}
      busy={busy}
      canSave={ready && Boolean(stripe && elements)}
      error={shown}
    >
      {ready ? null : <FieldsSkeleton label={t('billing.card.formLoading')} />}
      <Box sx={ready ? undefined : { position: 'absolute', opacity: 0, pointerEvents: 'none' }}>
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onLoadError={() => setLoadError(true)}
        />
      </Box>
    </CardFormLayout>
  );
}

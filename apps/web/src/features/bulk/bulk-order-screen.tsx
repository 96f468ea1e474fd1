import type { BulkOrderInput } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { lazyComponent } from '../../components/lazy-dialog';
import { bulkOrderView } from './bulk-order-view';
import { errorCodeOf } from '../../lib/api/error-code';
import { useAppointmentPresence } from '../../lib/appointments/use-has-appointments';
import { PATHS } from '../../lib/routes';
import { useBulkEligibility } from '../../lib/bulk/use-bulk-eligibility';
import { useCreateAsyncAppointment } from './use-create-async-appointment';
import { useCreateBulkSubscription } from './use-create-bulk-subscription';
import { useSubmitBulkOrder } from './use-submit-bulk-order';

// The form (react-hook-form, zod) loads once the customer is known to be eligible: the many
// who are sent home or told why not do not download it (issue 46).
const BulkVialForm = lazyComponent(() => import('./bulk-vial-form'), 'BulkVialForm');

const REFUSALS = ['BS101', 'BS102'] as const;
const BULK_TREATMENT = 'weightmanagement_bulk';
const INTAKE_PATH = '/intake';

type Submitted = { step: 1 | 2; vialCount: number };

function Progress({ active }: { active: number }) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={active} alternativeLabel aria-label={t('bulk.order.progressLabel')}>
      {(['approval', 'payment', 'complete'] as const).map((s) => (
        <Step key={s}>
          <StepLabel>{t(`bulk.order.progress.${s}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/**
 * Step 1's optional intake link (spec 02 §2, §4): shown while a visit still needs an intake
 * form with a link, which is where /intake sends the customer.
 */
function IntakeLink() {
  const { t } = useTranslation();
  const presence = useAppointmentPresence();
  if (!presence.data?.intakeNeeded) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('bulk.order.intakeHint')}
      </Typography>
      <Button variant="outlined" component={RouterLink} to={INTAKE_PATH}>
        {t('bulk.order.intake')}
      </Button>
    </Box>
  );
}

/**
 * Spec 02 §2, §4 /bulk-order: the vial choice (reset on every entry), then step 1 (sent for
 * an async review) or step 2 (a live visit is needed: on to /book-appointment). BS101/BS102
 * send the customer home.
 */
export function BulkOrderScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const eligibility = useBulkEligibility();
  const submit = useSubmitBulkOrder();
  const subscription = useCreateBulkSubscription();
  const asyncVisit = useCreateAsyncAppointment();
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  const e = eligibility.data;
  const refusal = e?.bulkOrderedTooRecently
    ? 'BS101'
    : e?.hasRecentBulkAppointment
      ? 'BS102'
      : null;
  useEffect(() => {
    if (!refusal || submitted) return;
    showAlert({ code: refusal });
    void navigate(PATHS.home, { replace: true });
  }, [refusal, submitted, showAlert, navigate]);

  const onOrder = async (input: BulkOrderInput) => {
    let order;
    try {
      order = await submit.mutateAsync(input);
    } catch (err) {
      const code = errorCodeOf(err, REFUSALS, 'generic');
      if (code === 'BS101' || code === 'BS102') {
        showAlert({ code });
        void navigate(PATHS.home, { replace: true });
      } else {
        showAlert({ messageKey: 'auth.genericError', severity: 'error' });
      }
      return;
    }
    if (order.encounter === 'async') {
      // Step 1: the order is filed; the provider reviews it in an async visit (A103 if that
      // visit cannot be made: the order stays, the care team sees it).
      setSubmitted({ step: 1, vialCount: order.vialCount });
      try {
        if (!order.asyncVisit) throw new Error('no encounter to follow');
        await asyncVisit.mutateAsync(order.asyncVisit);
      } catch {
        showAlert({ code: 'A103' });
      }
      return;
    }
    // Step 2: a live visit first. The bulk subscription is optional; the visit carries the
    // vial count, and /book-appointment shows the notice (BulkBookingNotice).
    setSubmitted({ step: 2, vialCount: order.vialCount });
    const subscriptionId = await subscription.mutateAsync(BULK_TREATMENT).catch(() => null);
    const query = new URLSearchParams({
      treatmentShortId: BULK_TREATMENT,
      vialCount: String(order.vialCount),
      ...(subscriptionId ? { subscriptionId } : {}),
    });
    void navigate(`${PATHS.bookAppointment}?${query.toString()}`);
  };

  const loading = (
    <Card aria-busy="true" aria-label={t('bulk.order.loading')}>
      <CardContent>
        <Skeleton variant="text" width="40%" height={32} />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} sx={{ mt: 2 }} />
        ))}
      </CardContent>
    </Card>
  );
  let body;
  const view = bulkOrderView({
    pending: eligibility.isPending,
    failed: eligibility.isError,
    eligibility: e,
    submitted: Boolean(submitted),
  });
  if (view === 'loading') {
    body = loading;
  } else if (view === 'failed') {
    body = (
      <StatusCard
        message={t('bulk.order.failed')}
        action={
          <Button variant="outlined" onClick={() => void eligibility.refetch()}>
            {t('bulk.order.retry')}
          </Button>
        }
      />
    );
  } else if (view === 'unavailable') {
    body = (
      <StatusCard
        title={e?.bulkAvailable ? undefined : t('bulk.order.unavailableTitle')}
        message={e?.bulkAvailable ? t('bulk.order.notEligible') : t('bulk.order.unavailable')}
        action={
          <Button variant="contained" component={RouterLink} to={PATHS.home}>
            {t('bulk.order.backHome')}
          </Button>
        }
      />
    );
  } else if (view === 'submitted' && submitted) {
    body = (
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {submitted.step === 1 ? t('bulk.order.asyncTitle') : t('bulk.order.syncTitle')}
          </Typography>
          {submitted.step === 1 ? (
            <>
              <Typography sx={{ mb: 3 }}>
                {t('bulk.order.asyncBody', { count: submitted.vialCount })}
              </Typography>
              <IntakeLink />
            </>
          ) : (
            <Alert severity="info" sx={{ mb: 3 }}>
              {t('bulk.order.syncBody', { count: submitted.vialCount })}
            </Alert>
          )}
          <Progress active={0} />
          {submitted.step === 1 ? (
            <Box sx={{ mt: 3 }}>
              <Button variant="outlined" component={RouterLink} to={PATHS.home}>
                {t('bulk.order.backHome')}
              </Button>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <Suspense fallback={loading}>
        <BulkVialForm busy={submit.isPending || subscription.isPending} onOrder={onOrder} />
      </Suspense>
    );
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('bulk.order.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('bulk.order.intro')}
      </Typography>
      {body}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADDONS, commitmentOutlook, type CommitmentOutlook } from '@portal/domain';
import { useEffect, useId, useState } from 'react';
import type { TFunction } from '../../lib/i18n-core';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { CorporateHealthNotice } from '../../components/corporate-health-notice';
import { useCorporateHealth } from '../../lib/customer/use-corporate-health';
import { formatCalendarDate, formatMoney } from '../../lib/format';
import { monthsLeft } from '../../lib/billing/plan-type';
import { lazyComponent, OnceOpened } from '../../components/lazy-dialog';
import { PaymentMethodSection } from './payment-method-section';
import { useSubscription, type BillingSubscription } from './use-subscription';
import { useTreatmentPricingMap } from './use-treatment-pricing-map';

// Opened on demand: its form (zod, react-hook-form) is not part of the billing pages' first load.
const CancelPlanDialog = lazyComponent(() => import('./cancel-plan-dialog'), 'CancelPlanDialog');

const ENDED = new Set(['cancelled', 'non_renewing']);

export function PlanSkeleton() {
  const { t } = useTranslation();
  return (
    <Card role="status" aria-busy="true" aria-label={t('billing.loading')}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Skeleton variant="text" width="40%" height={36} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="50%" />
        <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

/** What ending the plan now costs (packages/domain commitmentOutlook), in words. */
function earlyEndText(
  t: TFunction,
  plan: BillingSubscription,
  outlook: CommitmentOutlook | null,
): string | null {
  if (!outlook || plan.status === 'cancelled' || plan.term <= 1) return null;
  if (plan.isUpfrontPayment) return t('billing.timeline.earlyEndUpfront');
  if (outlook.paymentsLeft === 0) return t('billing.timeline.earlyEndFree');
  return t('billing.timeline.earlyEndCost', {
    count: outlook.paymentsLeft,
    amount: formatMoney(outlook.earlyEndCost),
    price: formatMoney(plan.price),
  });
}

/** The plan's next shipment and cost of ending early (packages/domain), or null without a contract. */
function outlookOf(plan: BillingSubscription, today: string): CommitmentOutlook | null {
  const contract = plan.contract;
  if (!contract) return null;
  return commitmentOutlook({
    today,
    startDate: contract.start_date,
    endDate: contract.end_date,
    lengthMonths: contract.length,
    upfront: plan.isUpfrontPayment,
    pricePerPeriod: plan.price,
    renews: plan.status !== 'non_renewing' && contract.auto_renew,
    cancelled: plan.status === 'cancelled',
  });
}

/**
 * One billing timeline (issue 11, beyond the spec): next charge, next shipment, the
 * commitment left and what ending early costs.
 */
function Timeline({
  plan,
  today,
  covered,
}: {
  plan: BillingSubscription;
  today: string;
  /** Corporate health: the plan is not changed here, so "change any time" would mislead. */
  covered: boolean;
}) {
  const { t } = useTranslation();
  const contract = plan.contract;
  const left = contract ? monthsLeft(today, contract.end_date) : 0;
  const renews = plan.status !== 'cancelled' && (contract?.auto_renew ?? true);
  const outlook = outlookOf(plan, today);
  // A plan that does not renew has no renewal date, but a commitment cancelled early is still
  // charged each month to its end (issue 45): its next payment is the next charge.
  const nextCharge =
    plan.status === 'cancelled' ? null : (plan.renewal_date ?? outlook?.nextPaymentDate ?? null);
  const items = [
    nextCharge
      ? t('billing.timeline.nextCharge', {
          date: formatCalendarDate(nextCharge),
          amount: formatMoney(plan.price),
        })
      : t('billing.timeline.noNextCharge'),
    outlook?.nextShipmentDate
      ? t('billing.timeline.nextShipment', {
          date: formatCalendarDate(outlook.nextShipmentDate),
        })
      : outlook
        ? t('billing.timeline.noNextShipment')
        : null,
    plan.term <= 1
      ? t(covered ? 'billing.timeline.noCommitmentCovered' : 'billing.timeline.noCommitment')
      : left > 0 && contract
        ? t('billing.timeline.monthsLeft', {
            count: left,
            date: formatCalendarDate(contract.end_date),
          })
        : t('billing.timeline.commitmentDone'),
    earlyEndText(t, plan, outlook),
    !renews && contract
      ? t('billing.timeline.autoRenewOff', { date: formatCalendarDate(contract.end_date) })
      : null,
  ].filter((x): x is string => Boolean(x));
  return (
    <Box component="section" aria-labelledby={`${plan.id}-timeline`}>
      <Typography id={`${plan.id}-timeline`} variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('billing.timeline.heading')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <Typography component="li" key={item} sx={{ mb: 0.5 }}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The contract-length choice: each length of the treatment's plans, then the change flow. */
function LengthChoice({ plan }: { plan: BillingSubscription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labelId = useId();
  const pricing = useTreatmentPricingMap(plan.item_price_id);
  const options = (pricing.data ?? [])
    .filter((p) => !p.is_upfront_payment)
    .sort((a, b) => a.plan_duration - b.plan_duration);
  const [length, setLength] = useState(plan.term);
  if (pricing.isPending && plan.item_price_id) return <Skeleton variant="rounded" height={120} />;
  if (options.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={labelId}>
      <Typography id={labelId} variant="h3" sx={{ fontSize: '1.05rem' }}>
        {t('billing.length.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('billing.length.intro')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={String(length)}
        onChange={(_e, value) => setLength(Number(value))}
      >
        {options.map((o) => (
          <FormControlLabel
            key={o.item_price_id}
            value={String(o.plan_duration)}
            control={<Radio />}
            label={
              <span>
                {t('billing.length.option', { count: o.plan_duration })} ·{' '}
                {t('billing.length.optionPrice', { price: formatMoney(o.plan_price) })}
                {o.plan_duration === plan.term && !plan.isUpfrontPayment
                  ? ` (${t('billing.length.current')})`
                  : ''}
              </span>
            }
          />
        ))}
      </RadioGroup>
      <Button
        variant="contained"
        sx={{ mt: 1 }}
        disabled={length === plan.term && !plan.isUpfrontPayment}
        onClick={() =>
          void navigate(`/billing/change-subscription/${plan.id}?length=${String(length)}`)
        }
      >
        {t('billing.length.review')}
      </Button>
    </Box>
  );
}

export function PlanCard({ subscriptionId, today }: { subscriptionId: string; today: string }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const query = useSubscription(subscriptionId);
  // Corporate health (spec 02 §6): the employer's programme holds the plan; no changes here.
  const corporate = useCorporateHealth() === true;
  const [cancelOpen, setCancelOpen] = useState(false);
  const failed = query.isError || (query.isSuccess && query.data === null);
  useEffect(() => {
    if (failed) showAlert({ code: 'B100' });
  }, [failed, showAlert]);

  if (query.isPending) return <PlanSkeleton />;
  if (failed || !query.data) {
    return (
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>{t('billing.loadError')}</Typography>
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('billing.retry')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const plan = query.data;
  const contract = plan.contract;
  const addonNames = plan.addons.map((sku) =>
    ADDONS.some((a) => a.sku === sku) ? t(`billing.change.addonNames.${sku}`) : sku,
  );
  const headingId = `plan-${plan.id}`;
  return (
    <Card component="article" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.35rem' }}>
            {t('billing.plan.term', { count: plan.term })}
          </Typography>
          <Chip
            size="small"
            label={t(`billing.plan.status.${plan.status}`, { defaultValue: plan.status })}
            color={ENDED.has(plan.status) ? 'default' : 'success'}
          />
          {plan.isUpfrontPayment ? <Chip size="small" label={t('billing.plan.upfront')} /> : null}
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
            gap: 2,
            mb: 3,
          }}
        >
          <Fact
            label={t('billing.plan.heading')}
            value={
              plan.isUpfrontPayment
                ? t('billing.plan.priceUpfront', { price: formatMoney(plan.price) })
                : t('billing.plan.pricePerMonth', { price: formatMoney(plan.price) })
            }
          />
          {contract ? (
            <Fact
              label={t('billing.plan.started')}
              value={formatCalendarDate(contract.start_date)}
            />
          ) : null}
          {plan.renewal_date && plan.status !== 'cancelled' ? (
            <Fact label={t('billing.plan.renews')} value={formatCalendarDate(plan.renewal_date)} />
          ) : null}
          {contract ? (
            <Fact label={t('billing.plan.ends')} value={formatCalendarDate(contract.end_date)} />
          ) : null}
          <Fact
            label={t('billing.plan.addons')}
            value={addonNames.length ? addonNames.join(', ') : t('billing.plan.noAddons')}
          />
        </Box>
        <Timeline plan={plan} today={today} covered={corporate} />
        {corporate ? <CorporateHealthNotice headingLevel="h3" /> : null}
        {plan.status !== 'cancelled' && !corporate ? (
          <>
            <Divider sx={{ my: 3 }} />
            <LengthChoice plan={plan} />
          </>
        ) : null}
        <Divider sx={{ my: 3 }} />
        <PaymentMethodSection card={plan.payment_source ?? null} />
        {plan.status !== 'cancelled' ? (
          <>
            <Divider sx={{ my: 3 }} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {corporate ? null : (
                <>
                  <Button
                    variant="outlined"
                    component={RouterLink}
                    to={`/billing/change-subscription/${plan.id}`}
                  >
                    {t('billing.plan.change')}
                  </Button>
                  <Button variant="outlined" component={RouterLink} to="/treatment-change">
                    {t('billing.plan.changeTreatment')}
                  </Button>
                </>
              )}
              {plan.status !== 'non_renewing' ? (
                <Button color="error" onClick={() => setCancelOpen(true)}>
                  {t('billing.plan.cancel')}
                </Button>
              ) : null}
            </Stack>
            <OnceOpened open={cancelOpen}>
              <CancelPlanDialog
                open={cancelOpen}
                subscriptionId={plan.id}
                commitmentNote={earlyEndText(t, plan, outlookOf(plan, today))}
                onClose={() => setCancelOpen(false)}
              />
            </OnceOpened>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

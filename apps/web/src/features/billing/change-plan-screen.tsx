import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ADDONS, CONTRACT_LENGTHS_MONTHS, FEATURE_FLAGS } from '@portal/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { CorporateHealthNotice } from '../../components/corporate-health-notice';
import { SubmitButton } from '../../components/submit-button';
import { errorCodeOf } from '../../lib/api/error-code';
import { useCorporateHealth } from '../../lib/customer/use-corporate-health';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { useFlag } from '../../lib/flags/use-flag';
import { formatCalendarDate, formatMoney } from '../../lib/format';
import { PATHS } from '../../lib/routes';
import { processorMessageKey } from './payment-error';
import { LiteProgramCard } from './lite-program-card';
import { PlanSkeleton } from './plan-card';
import { useChangeSubscription } from './use-change-subscription';
import {
  usePriceChangeQuote,
  type PriceChangeQuote,
  type QuoteRequest,
} from './use-price-change-quote';
import { useSubscription, type BillingSubscription } from './use-subscription';
import { useTreatmentConfiguration } from './use-treatment-configuration';
import { useTreatmentPricingMap } from './use-treatment-pricing-map';

const TC_CODES = ['TC101', 'TC102', 'TC103', 'TC104', 'TC105', 'TC106', 'TC107', 'TC108'];

export type ChangeMode = 'plan' | 'treatment';

function QuoteLine({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{formatMoney(amount)}</Typography>
    </Box>
  );
}

/** The quote as the customer sees it before paying (spec 02 §3 subscription price change quote). */
export function QuoteSummary({ quote }: { quote: PriceChangeQuote }) {
  const { t } = useTranslation();
  return (
    <Box>
      <QuoteLine label={t('billing.change.oldPrice')} amount={quote.oldPrice} />
      <QuoteLine label={t('billing.change.newPrice')} amount={quote.newPrice} />
      <Divider sx={{ my: 1 }} />
      <QuoteLine label={t('billing.change.proratedCost')} amount={quote.proratedCost} />
      <QuoteLine label={t('billing.change.proratedRefund')} amount={-quote.proratedRefund} />
      {quote.creditCarried > 0 ? (
        <QuoteLine label={t('billing.change.creditCarried')} amount={quote.creditCarried} />
      ) : null}
      {quote.referralCreditApplied > 0 ? (
        <QuoteLine
          label={t('billing.change.referralCredit')}
          amount={-quote.referralCreditApplied}
        />
      ) : null}
      {quote.accountCreditApplied > 0 ? (
        <QuoteLine label={t('billing.change.accountCredit')} amount={-quote.accountCreditApplied} />
      ) : null}
      <Divider sx={{ my: 1 }} />
      <QuoteLine label={t('billing.change.amountDue')} amount={quote.amountDue} strong />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('billing.change.newTerm', {
          start: formatCalendarDate(quote.newTermStart),
          end: formatCalendarDate(quote.newTermEnd),
        })}
      </Typography>
    </Box>
  );
}

function ChangeForm({ plan, mode }: { plan: BillingSubscription; mode: ChangeMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const [params] = useSearchParams();
  const lengthLabel = useId();
  const treatmentLabel = useId();
  const addonsLabel = useId();
  // The server names the plan type (the treatment's short id): the item price names the billing
  // product, which may differ (a testosterone plan is trt-monthly-USD).
  const currentType = plan.plan_type ?? '';
  const requestedLength = Number(params.get('length'));
  const [planType, setPlanType] = useState(mode === 'plan' ? currentType : '');
  const [length, setLength] = useState<number>(
    (CONTRACT_LENGTHS_MONTHS as readonly number[]).includes(requestedLength)
      ? requestedLength
      : plan.term,
  );
  const [upfront, setUpfront] = useState(false);
  const [addons, setAddons] = useState<string[]>(mode === 'plan' ? [...plan.addons] : []);
  const [processorMessage, setProcessorMessage] = useState<string | null>(null);

  const treatments = useTreatmentConfiguration();
  const pricing = useTreatmentPricingMap(
    planType === currentType
      ? plan.item_price_id
      : treatments.data?.find((tr) => tr.TreatmentShortId === planType)?.ItemPriceId,
  );
  const lengths = useMemo(() => {
    const fromMap = [...new Set((pricing.data ?? []).map((p) => p.plan_duration))];
    return (fromMap.length ? fromMap : [...CONTRACT_LENGTHS_MONTHS]).sort((a, b) => a - b);
  }, [pricing.data]);
  const monthlyPrice = (n: number) =>
    pricing.data?.find((p) => p.plan_duration === n && !p.is_upfront_payment)?.plan_price;
  // Spec 02 §6: the price display of upfront plans depends on up_front_pricing; off, the
  // length's upfront price is not offered (a plan already paid up front still shows as such).
  const upFrontPricing = useFlag(FEATURE_FLAGS.upFrontPricing);
  const canUpfront =
    upFrontPricing &&
    Boolean(pricing.data?.some((p) => p.plan_duration === length && p.is_upfront_payment));
  const isUpfront = upfront && canUpfront;

  const unchanged =
    planType === currentType &&
    length === plan.term &&
    isUpfront === plan.isUpfrontPayment &&
    [...addons].sort().join() === [...plan.addons].sort().join();

  const request: QuoteRequest | null =
    planType && !unchanged
      ? {
          existingSubscriptionId: plan.id,
          newSubscriptionPlanType: planType,
          newAddons: [...addons].sort(),
          newContractLength: length,
          isUpfrontPayment: isUpfront,
        }
      : null;
  const quote = usePriceChangeQuote(request);
  const change = useChangeSubscription();

  useEffect(() => {
    if (quote.isError) showAlert({ code: errorCodeOf(quote.error, TC_CODES, 'TC101') });
  }, [quote.isError, quote.error, showAlert]);
  useEffect(() => {
    if (treatments.isError) showAlert({ code: 'TC101' });
  }, [treatments.isError, showAlert]);
  // The plan's pricing map (upfront choices) is treatment data too: TC103 (spec 02 §8).
  useEffect(() => {
    if (pricing.isError) showAlert({ code: errorCodeOf(pricing.error, TC_CODES, 'TC103') });
  }, [pricing.isError, pricing.error, showAlert]);

  const onConfirm = () => {
    if (!request || !quote.data) return;
    setProcessorMessage(null);
    change.mutate(
      { ...request, quoteId: quote.data.id, quoteSignature: quote.data.signature },
      {
        onSuccess: () => {
          showAlert({ messageKey: 'billing.change.done', severity: 'success' });
          void navigate(`${PATHS.billing}?tab=plan`);
        },
        onError: (error) => {
          const message = processorMessageKey(error, ['TC108']);
          if (message) {
            // The plan is unchanged; a new quote (a new idempotency key) for another try.
            setProcessorMessage(message);
            void quote.refetch();
            return;
          }
          const code = errorCodeOf(error, TC_CODES, 'TC101');
          showAlert({ code });
          if (code === 'TC104') void quote.refetch();
        },
      },
    );
  };

  const choices = (treatments.data ?? []).filter(
    (tr) => tr.ItemPriceId && tr.TreatmentShortId !== currentType,
  );
  const card = quote.data?.paymentSource ?? plan.payment_source;
  const quoteReady = quote.data && request && !quote.isPlaceholderData;

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            {mode === 'treatment' ? (
              <Box>
                <Typography id={treatmentLabel} variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
                  {t('billing.change.chooseTreatment')}
                </Typography>
                {treatments.isPending ? <Skeleton variant="rounded" height={80} /> : null}
                <RadioGroup
                  aria-labelledby={treatmentLabel}
                  value={planType}
                  onChange={(_e, value) => setPlanType(value)}
                >
                  {choices.map((tr) => (
                    <FormControlLabel
                      key={tr.TreatmentShortId}
                      value={tr.TreatmentShortId}
                      control={<Radio />}
                      label={tr.Name}
                    />
                  ))}
                </RadioGroup>
              </Box>
            ) : null}
            {planType ? (
              <Box>
                <Typography id={lengthLabel} variant="h2" sx={{ fontSize: '1.15rem' }}>
                  {t('billing.change.length')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('billing.length.beforeAddons')}
                </Typography>
                <RadioGroup
                  aria-labelledby={lengthLabel}
                  value={String(length)}
                  onChange={(_e, value) => setLength(Number(value))}
                >
                  {lengths.map((n) => {
                    const price = monthlyPrice(n);
                    return (
                      <FormControlLabel
                        key={n}
                        value={String(n)}
                        control={<Radio />}
                        label={
                          price === undefined
                            ? t('billing.length.option', { count: n })
                            : `${t('billing.length.option', { count: n })} · ${t('billing.length.optionPrice', { price: formatMoney(price) })}`
                        }
                      />
                    );
                  })}
                </RadioGroup>
                {canUpfront ? (
                  <FormControlLabel
                    control={
                      <Switch checked={upfront} onChange={(_e, checked) => setUpfront(checked)} />
                    }
                    label={t('billing.change.upfront')}
                  />
                ) : null}
              </Box>
            ) : null}
            {planType ? (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography
                  component="legend"
                  id={addonsLabel}
                  variant="h2"
                  sx={{ fontSize: '1.15rem', mb: 1 }}
                >
                  {t('billing.change.addons')}
                </Typography>
                <FormGroup>
                  {ADDONS.map((a) => (
                    <FormControlLabel
                      key={a.sku}
                      control={
                        <Checkbox
                          checked={addons.includes(a.sku)}
                          onChange={(_e, checked) =>
                            setAddons((list) =>
                              checked ? [...list, a.sku] : list.filter((s) => s !== a.sku),
                            )
                          }
                        />
                      }
                      label={t(`billing.change.addonNames.${a.sku}`)}
                    />
                  ))}
                </FormGroup>
              </Box>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      {planType ? <LiteProgramCard planType={planType} /> : null}
      <Card component="section" aria-labelledby="quote-heading">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="quote-heading" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            {t('billing.change.quote')}
          </Typography>
          {processorMessage ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {t(processorMessage)}
            </Alert>
          ) : null}
          {unchanged ? <Typography>{t('billing.change.same')}</Typography> : null}
          {request && quote.isFetching && !quoteReady ? (
            <Box role="status" aria-busy="true" aria-label={t('billing.change.quoteLoading')}>
              <Skeleton variant="text" />
              <Skeleton variant="text" />
              <Skeleton variant="text" />
            </Box>
          ) : null}
          {quoteReady ? (
            <>
              <QuoteSummary quote={quote.data} />
              {card ? (
                <Typography variant="body2" sx={{ mt: 2 }}>
                  {t('billing.change.chargedTo', {
                    brand: card.brand,
                    last4: card.mask.slice(-4),
                  })}
                </Typography>
              ) : (
                <Alert severity="info" sx={{ mt: 2 }}>
                  {t('billing.change.noCard')}
                </Alert>
              )}
              <SubmitButton
                type="button"
                loading={change.isPending}
                disabled={!card && quote.data.amountDue > 0}
                onClick={onConfirm}
                sx={{ mt: 2 }}
              >
                {quote.data.amountDue > 0
                  ? t('billing.change.confirm', { amount: formatMoney(quote.data.amountDue) })
                  : t('billing.change.confirmFree')}
              </SubmitButton>
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * Spec 02 §2: /billing/change-subscription/{id} and /billing/change-membership (the first
 * plan) choose length and add-ons; /treatment-change moves to another treatment's plan through
 * the same quote and change.
 */
export function ChangePlanScreen({ mode = 'plan' }: { mode?: ChangeMode }) {
  const { t } = useTranslation();
  const { subscriptionId: fromPath } = useParams();
  const customer = useCustomerQuery();
  const { showAlert } = useAlerts();
  const subscriptionId =
    fromPath ??
    customer.data?.subscriptions.find((s) => s.status !== 'cancelled')?.id ??
    customer.data?.subscriptions[0]?.id;
  const plan = useSubscription(subscriptionId);
  const corporate = useCorporateHealth();
  const missing =
    plan.isError ||
    (plan.isSuccess && plan.data === null) ||
    (customer.isSuccess && !subscriptionId);
  useEffect(() => {
    if (plan.isError) showAlert({ code: 'B100' });
  }, [plan.isError, showAlert]);
  const title =
    mode === 'treatment' ? t('billing.change.treatmentTitle') : t('billing.change.title');
  return (
    <>
      <Breadcrumbs aria-label={t('billing.change.breadcrumbs')} sx={{ mb: 2 }}>
        <Link component={RouterLink} to={PATHS.profile} underline="hover" color="inherit">
          {t('billing.change.myAccount')}
        </Link>
        <Link component={RouterLink} to={PATHS.billing} underline="hover" color="inherit">
          {t('billing.change.billing')}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {title}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {corporate ? (
        // Corporate health (spec 02 §6): the employer's programme holds the plan.
        <>
          <CorporateHealthNotice />
          <Button variant="outlined" component={RouterLink} to={PATHS.billing}>
            {t('billing.change.back')}
          </Button>
        </>
      ) : missing ? (
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
            <Typography sx={{ mb: 2 }}>{t('billing.change.noPlan')}</Typography>
            <Button variant="outlined" component={RouterLink} to={PATHS.billing}>
              {t('billing.change.back')}
            </Button>
          </CardContent>
        </Card>
      ) : plan.data && corporate === false ? (
        <ChangeForm key={plan.data.id} plan={plan.data} mode={mode} />
      ) : (
        <PlanSkeleton />
      )}
    </>
  );
}

export function TreatmentChangeScreen() {
  return <ChangePlanScreen mode="treatment" />;
}

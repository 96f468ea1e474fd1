import { DRAWER_WIDTH_PX, bulkVialOption, paymentDeclineMessageKey } from '@portal/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { SubmitButton } from '../../components/submit-button';
import { GraphqlRequestError } from '../../lib/api/graphql-client';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { formatMoney } from '../../lib/format';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/routes';
import { useBulkAction } from './use-bulk-action';
import { useBulkPayLaterLink } from './use-bulk-pay-later-link';
import { useBulkPaymentSources } from './use-bulk-payment-sources';
import { usePurchaseBulk } from './use-purchase-bulk';

type Option = 'cc' | 'bnpl';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ textAlign: 'right' }}>{children}</Box>
    </Box>
  );
}

/**
 * Spec 02 §2, §4 the bulk payment drawer (400 px), at /bulk-payment?actionId= (also reached
 * from /user-action?mode=bulkOrderPayment): review, card or pay later, terms, pay; the success
 * drawer with completed=true; the error card when something the order needs is missing.
 */
export function BulkPaymentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const [params, setParams] = useSearchParams();
  const actionId = params.get('actionId');
  const completed = params.get('completed') === 'true';
  const action = useBulkAction(actionId);
  const sources = useBulkPaymentSources();
  const customer = useCustomerQuery();
  const purchase = usePurchaseBulk();
  const payLater = useBulkPayLaterLink();
  const [option, setOption] = useState<Option>('cc');
  const [terms, setTerms] = useState(false);
  const [fatal, setFatal] = useState<string | null>(null);

  const close = () => void navigate(PATHS.home);
  const loading =
    !completed &&
    actionId !== null &&
    (action.isPending || sources.isPending || customer.isPending);
  const vials = action.data?.metadata.vial_count ?? null;
  const sale = vials === null ? undefined : bulkVialOption(vials);
  const address = customer.data?.shippingAddresses[0];
  const source = sources.data?.[0];
  const missing =
    !actionId ||
    !action.data ||
    action.data.action_type.type_code !== 'bulk_order_charge' ||
    !sale ||
    !address ||
    !source;

  const onPay = async () => {
    if (!actionId) return;
    if (option === 'bnpl') {
      try {
        window.location.assign(await payLater.mutateAsync(actionId));
      } catch {
        showAlert({ code: 'ST102' });
      }
      return;
    }
    try {
      const result = await purchase.mutateAsync(actionId);
      if (result.purchaseSucceeded && result.actionCompleted) {
        setParams({ actionId, completed: 'true' }, { replace: true });
        return;
      }
      // Spec 02 §4: either false is fatal; paying by card stays off.
      setFatal(
        result.purchaseSucceeded
          ? 'bulk.payment.actionFailure'
          : paymentDeclineMessageKey(result.reason ?? ''),
      );
      setOption('bnpl');
    } catch (err) {
      const reason =
        err instanceof GraphqlRequestError
          ? (err.errors[0]?.extensions as { reason?: unknown } | undefined)?.reason
          : undefined;
      if (reason === 'pending') {
        showAlert({ code: 'ST102' });
        return;
      }
      setFatal('bulk.payment.failed');
      setOption('bnpl');
    }
  };

  let content: ReactNode;
  if (completed) {
    content = (
      <Box sx={{ textAlign: 'center', pt: 2 }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.375rem', mb: 1 }}>
          {t('bulk.payment.successTitle')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('bulk.payment.successBody')}</Typography>
        <Button variant="contained" fullWidth component={RouterLink} to={PATHS.home}>
          {t('bulk.payment.backHome')}
        </Button>
      </Box>
    );
  } else if (loading) {
    content = (
      <Box aria-busy="true" aria-label={t('bulk.payment.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="text" height={40} />
        ))}
        <Skeleton variant="rounded" height={48} sx={{ mt: 2 }} />
      </Box>
    );
  } else if (missing || !sale || !source || !address || !actionId) {
    content = (
      <StatusCard
        title={t('bulk.payment.errorTitle')}
        message={t('bulk.payment.errorBody')}
        action={
          <Stack spacing={1}>
            <Button variant="contained" component={RouterLink} to={PATHS.manageAccount}>
              {t('bulk.payment.manageAccount')}
            </Button>
            <Button variant="text" component={RouterLink} to={PATHS.home}>
              {t('bulk.payment.backHome')}
            </Button>
          </Stack>
        }
      />
    );
  } else {
    const busy = purchase.isPending || payLater.isPending;
    content = (
      <Box component="form" noValidate onSubmit={(ev) => (ev.preventDefault(), void onPay())}>
        <Row label={t('bulk.payment.vials')}>
          <Typography sx={{ fontWeight: 600 }}>{sale.vials}</Typography>
        </Row>
        <Row label={t('bulk.payment.perVial')}>
          <Typography sx={{ fontWeight: 600 }}>{formatMoney(sale.perVialCents)}</Typography>
        </Row>
        <Divider sx={{ my: 1 }} />
        <Typography color="text.secondary" sx={{ pt: 1 }}>
          {t('bulk.payment.shipTo')}
        </Typography>
        <Typography component="address" sx={{ fontStyle: 'normal' }}>
          {address.street_address1}
          {address.street_address2 ? `, ${address.street_address2}` : ''}
          <br />
          {address.city}, {address.state_code} {address.zip_code}
        </Typography>
        <Link component={RouterLink} to="/shipping" variant="body2">
          {t('bulk.payment.changeAddress')}
        </Link>
        <Divider sx={{ my: 2 }} />
        <FormLabel id="bulk-method-label" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t('bulk.payment.method')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="bulk-method-label"
          value={option}
          onChange={(_ev, value) => setOption(value as Option)}
        >
          <FormControlLabel
            value="cc"
            disabled={fatal !== null}
            control={<Radio />}
            label={`${t('bulk.payment.card')} · ${t('bulk.payment.cardOn', {
              brand: source.brand,
              mask: source.mask,
            })}`}
          />
          <FormControlLabel value="bnpl" control={<Radio />} label={t('bulk.payment.bnpl')} />
        </RadioGroup>
        {option === 'bnpl' ? (
          <Typography variant="body2" color="text.secondary">
            {t('bulk.payment.bnplHint')}
          </Typography>
        ) : null}
        {fatal ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(fatal)}
          </Alert>
        ) : null}
        <Divider sx={{ my: 2 }} />
        <Row label={t('bulk.payment.total')}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
            {formatMoney(sale.totalCents)}
          </Typography>
        </Row>
        <FormControlLabel
          sx={{ mt: 1, alignItems: 'flex-start' }}
          control={<Checkbox checked={terms} onChange={(ev) => setTerms(ev.target.checked)} />}
          label={
            <Typography sx={{ pt: 1 }}>
              <Trans i18nKey="bulk.payment.terms">
                I agree to the
                <Link href={EXTERNAL_LINKS.bulkTerms} target="_blank" rel="noreferrer">
                  bulk order terms
                </Link>
                .
              </Trans>
            </Typography>
          }
        />
        <Box sx={{ mt: 2 }}>
          <SubmitButton loading={busy} disabled={!terms || (option === 'cc' && fatal !== null)}>
            {option === 'cc'
              ? t('bulk.payment.pay', { total: formatMoney(sale.totalCents) })
              : t('bulk.payment.payLater')}
          </SubmitButton>
        </Box>
      </Box>
    );
  }

  return (
    <Drawer
      anchor="right"
      open
      onClose={close}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: DRAWER_WIDTH_PX }, p: { xs: 2, sm: 3 } },
          'aria-labelledby': 'bulk-payment-title',
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="bulk-payment-title" variant="h1" sx={{ fontSize: '1.5rem' }}>
          {t('bulk.payment.title')}
        </Typography>
        <IconButton onClick={close} aria-label={t('bulk.payment.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {content}
    </Drawer>
  );
}

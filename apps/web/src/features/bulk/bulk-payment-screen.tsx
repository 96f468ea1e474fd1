import { DRAWER_WIDTH_PX, bulkVialOption } from '@portal/domain';
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
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
import { useBulkCardPayment } from './use-bulk-card-payment';
import { BulkPaymentConfirming, BulkPaymentSuccess, Row } from './bulk-payment-parts';

type Option = 'cc' | 'bnpl';

/**
 * Spec 02 §2, §4 the bulk payment drawer (400 px), at /bulk-payment?actionId= (also reached
 * from /user-action?mode=bulkOrderPayment): review, card or pay later, terms, pay; the success
 * drawer with completed=true; the error card when something the order needs is missing. A card
 * that asks for 3-D Secure is finished by the bank's check, then settled (use-bulk-card-payment).
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
  const card = useBulkCardPayment();
  const payLater = useBulkPayLaterLink();
  const [option, setOption] = useState<Option>('cc');
  const [terms, setTerms] = useState(false);
  const [fatal, setFatal] = useState<string | null>(null);
  // A non-fatal word about the last card attempt (a 3-D Secure check left unfinished).
  const [notice, setNotice] = useState<string | null>(null);
  // On the way to the sandbox's challenge page: the pay button stays busy until the page goes.
  const [leaving, setLeaving] = useState(false);

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

  // What a card payment's answer means on screen; a request that failed is judged as before.
  // Resolves true when the drawer is done (success shown, or the page is leaving).
  const settle = async (id: string, afterCheck: boolean): Promise<boolean> => {
    setNotice(null);
    try {
      const outcome = await card.pay(id, afterCheck);
      switch (outcome.kind) {
        case 'completed':
          setParams({ actionId: id, completed: 'true' }, { replace: true });
          return true;
        case 'redirecting':
          setLeaving(true);
          return true;
        case 'authenticationIncomplete':
          setNotice('bulk.payment.authenticationIncomplete');
          break;
        case 'fatal':
          // Spec 02 §4: either false is fatal; paying by card stays off.
          setFatal(outcome.messageKey);
          setOption('bnpl');
          break;
      }
    } catch (err) {
      const reason =
        err instanceof GraphqlRequestError
          ? (err.errors[0]?.extensions as { reason?: unknown } | undefined)?.reason
          : undefined;
      if (reason === 'pending') {
        showAlert({ code: 'ST102' });
      } else {
        setFatal('bulk.payment.failed');
        setOption('bnpl');
      }
    }
    // Back from the sandbox's challenge page: asked once; a reload does not ask again.
    if (afterCheck) setParams({ actionId: id }, { replace: true });
    return false;
  };

  // Back from the sandbox's challenge page (issue 39): ask once more, by itself.
  const returning = params.get('authenticated') === '1' && actionId !== null && !completed;
  const askedOnReturn = useRef(false);
  const [confirming, setConfirming] = useState(returning);
  useEffect(() => {
    if (!returning || !actionId || askedOnReturn.current) return;
    askedOnReturn.current = true;
    // On success the confirming view stays until the success drawer replaces it.
    void settle(actionId, true).then((done) => {
      if (!done) setConfirming(false);
    });
    // Once per visit: settle's identity changes with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returning, actionId]);

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
    await settle(actionId, false);
  };

  let content: ReactNode;
  if (completed) {
    content = <BulkPaymentSuccess />;
  } else if (confirming) {
    content = <BulkPaymentConfirming />;
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
    const busy = card.isPending || payLater.isPending || leaving;
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
        {notice && !fatal ? (
          <Alert severity="warning" sx={{ mt: 2 }} role="alert">
            {t(notice)}
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

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { calendarDateIn, DEFAULT_TIME_ZONE } from '@portal/domain';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { PATHS } from '../../lib/routes';
import { InvoicesTab } from './invoices-tab';
import { PaymentMethodSection } from './payment-method-section';
import { PlanCard, PlanSkeleton } from './plan-card';
import { usePaymentSources } from './use-payment-sources';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs';

type BillingTab = 'plan' | 'invoices';

/** Without a plan: still the saved card (or the way to add one), and a way home. */
function NoPlan() {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const sources = usePaymentSources();
  useEffect(() => {
    if (sources.isError) showAlert({ code: 'ST100' });
  }, [sources.isError, showAlert]);
  const card = sources.data?.[0];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography sx={{ mb: 2 }}>{t('billing.noPlan')}</Typography>
        <Button variant="contained" component={RouterLink} to={PATHS.home} sx={{ mb: 3 }}>
          {t('billing.noPlanAction')}
        </Button>
        {sources.isSuccess ? <PaymentMethodSection card={card ?? null} /> : null}
      </CardContent>
    </Card>
  );
}

function PlanTab({ today }: { today: string }) {
  const customer = useCustomerQuery();
  if (customer.isPending) return <PlanSkeleton />;
  const subscriptions = customer.data?.subscriptions ?? [];
  if (subscriptions.length === 0) return <NoPlan />;
  return (
    <Stack spacing={3}>
      {subscriptions.map((s) => (
        <PlanCard key={s.id} subscriptionId={s.id} today={today} />
      ))}
    </Stack>
  );
}

/** Spec 02 §2 /billing?tab=plan|invoices (/invoices redirects to the invoices tab). */
export function BillingScreen({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: BillingTab = params.get('tab') === 'invoices' ? 'invoices' : 'plan';
  const customer = useCustomerQuery();
  const timeZone = customer.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const today = calendarDateIn(now, timeZone);
  return (
    <>
      <AccountBreadcrumbs current={t('billing.title')} />
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('billing.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.intro')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_e, value: BillingTab) => setParams({ tab: value }, { replace: true })}
          aria-label={t('billing.tabs.label')}
        >
          <Tab
            value="plan"
            label={t('billing.tabs.plan')}
            id="billing-tab-plan"
            aria-controls="billing-panel"
          />
          <Tab
            value="invoices"
            label={t('billing.tabs.invoices')}
            id="billing-tab-invoices"
            aria-controls="billing-panel"
          />
        </Tabs>
      </Box>
      <div role="tabpanel" id="billing-panel" aria-labelledby={`billing-tab-${tab}`}>
        {tab === 'plan' ? <PlanTab today={today} /> : <InvoicesTab timeZone={timeZone} />}
      </div>
    </>
  );
}

import { greetingName } from '@portal/domain';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { PATHS } from '../../lib/routes';
import { useServices } from '../../lib/services';
import { readGreetingIndex } from '../../lib/session/greeting';

function QuickLink({
  to,
  icon,
  titleKey,
  bodyKey,
}: {
  to: string;
  icon: ReactNode;
  titleKey: string;
  bodyKey: string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2.5 }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2,
              bgcolor: 'primary.light',
              color: 'primary.main',
              display: 'grid',
              placeItems: 'center',
              flex: 'none',
            }}
          >
            {icon}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h3" component="h2">
              {t(titleKey)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(bodyKey)}
            </Typography>
          </Box>
          <ChevronRightIcon aria-hidden color="action" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Home (spec 01 §2): the welcome banner; the home modules arrive with the home issue. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const { data: customer } = useCustomerQuery();
  const name = greetingName(customer?.preferred_name, customer?.first_name);
  const greetingIndex = readGreetingIndex(storage);
  return (
    <>
      <Card
        sx={{
          mb: 3,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          border: 'none',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {name ? t('home.welcomeName', { name }) : t('home.welcome')}
          </Typography>
          <Typography sx={{ fontSize: '1.125rem' }}>
            {t(`home.greetings.${greetingIndex}`)}
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <QuickLink
          to={PATHS.appointments}
          icon={<CalendarMonthOutlinedIcon aria-hidden />}
          titleKey="home.links.appointments"
          bodyKey="home.links.appointmentsBody"
        />
        <QuickLink
          to={PATHS.prescriptions}
          icon={<MedicationOutlinedIcon aria-hidden />}
          titleKey="home.links.prescriptions"
          bodyKey="home.links.prescriptionsBody"
        />
        <QuickLink
          to={PATHS.billing}
          icon={<ReceiptLongOutlinedIcon aria-hidden />}
          titleKey="home.links.billing"
          bodyKey="home.links.billingBody"
        />
        <QuickLink
          to={PATHS.manageAccount}
          icon={<ManageAccountsOutlinedIcon aria-hidden />}
          titleKey="home.links.account"
          bodyKey="home.links.accountBody"
        />
      </Box>
    </>
  );
}

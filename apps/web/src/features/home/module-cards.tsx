import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import MonitorWeightOutlinedIcon from '@mui/icons-material/MonitorWeightOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/routes';
import { useLatestShipment } from '../../lib/treatment/use-latest-shipment';
import type { HomeModule } from './home-modules';

const MODULES: Record<HomeModule, { to: string; icon: ReactNode }> = {
  orders: { to: PATHS.prescriptions, icon: <MedicationOutlinedIcon aria-hidden /> },
  appointments: { to: PATHS.appointments, icon: <CalendarMonthOutlinedIcon aria-hidden /> },
  // Spec 01 §2: editWeight=true opens the weight edit dialog (weight area, spec 02).
  weightTracker: { to: '/?editWeight=true', icon: <MonitorWeightOutlinedIcon aria-hidden /> },
  foryou: { to: '/labs', icon: <ScienceOutlinedIcon aria-hidden /> },
  referrals: { to: '/referrals', icon: <CardGiftcardOutlinedIcon aria-hidden /> },
  settings: { to: PATHS.manageAccount, icon: <ManageAccountsOutlinedIcon aria-hidden /> },
};

/** Spec 01 §2 orders module: the latest shipment's stage, else the module's line. */
function OrdersBody() {
  const { t } = useTranslation();
  const latest = useLatestShipment();
  if (!latest) return t('home.modules.orders.body');
  return t('prescriptions.homeLatest', {
    stage: t(`prescriptions.tracker.stage.${latest.shipment.stage}`),
  });
}

/** One home module, in the home card look. */
export function ModuleCard({ module }: { module: HomeModule }) {
  const { t } = useTranslation();
  const { to, icon } = MODULES[module];
  return (
    <Card data-module={module}>
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
              {t(`home.modules.${module}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {module === 'orders' ? <OrdersBody /> : t(`home.modules.${module}.body`)}
            </Typography>
          </Box>
          <ChevronRightIcon aria-hidden color="action" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

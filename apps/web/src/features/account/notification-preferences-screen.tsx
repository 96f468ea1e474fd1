import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DELIVERED_NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_CATEGORIES,
} from '@portal/domain';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { StatusCard } from '../../components/status-card';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs';
import {
  useNotificationPreferences,
  useUpdateNotificationPreference,
} from './use-notification-preferences';

/**
 * Spec 02 §2 /notification-preferences: categories by channel; transactional stays on.
 * Only delivered channels are columns (issue 44: no push column while Web Push is not built).
 */
export function NotificationPreferencesScreen() {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const grid = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const cell = (category: string, channel: string) =>
    grid.data?.find((c) => c.category === category && c.channel === channel);
  return (
    <>
      <AccountBreadcrumbs current={t('screens.notificationPreferences')} />
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('screens.notificationPreferences')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('preferences.intro')}
      </Typography>
      {grid.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {grid.isError ? <StatusCard title={t('errors.C100')} /> : null}
      {grid.data ? (
        <Card>
          <CardContent sx={{ p: { xs: 1, sm: 3 } }}>
            <TableContainer>
              {/* Tighter cells on a phone: at 390 px the category help wrapped to seven lines. */}
              <Table
                aria-label={t('screens.notificationPreferences')}
                sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('preferences.category')}</TableCell>
                    {DELIVERED_NOTIFICATION_CHANNELS.map((ch) => (
                      <TableCell key={ch} align="center">
                        {t(`preferences.channels.${ch}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {NOTIFICATION_PREFERENCE_CATEGORIES.map((category) => (
                    <TableRow key={category}>
                      <TableCell component="th" scope="row">
                        <Typography sx={{ fontWeight: 600 }}>
                          {t(`preferences.categories.${category}.name`)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t(`preferences.categories.${category}.help`)}
                        </Typography>
                      </TableCell>
                      {DELIVERED_NOTIFICATION_CHANNELS.map((channel) => {
                        const c = cell(category, channel);
                        const label = t('preferences.switchLabel', {
                          category: t(`preferences.categories.${category}.name`),
                          channel: t(`preferences.channels.${channel}`),
                        });
                        return (
                          <TableCell key={channel} align="center" padding="checkbox">
                            <Switch
                              checked={c?.enabled ?? false}
                              disabled={!c || c.locked || update.isPending}
                              slotProps={{ input: { 'aria-label': label } }}
                              onChange={(e) =>
                                update.mutate(
                                  { category, channel, enabled: e.target.checked },
                                  { onError: () => showAlert({ code: 'C101' }) },
                                )
                              }
                            />
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

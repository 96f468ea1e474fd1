import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { SecurityList, SecurityListItem } from './security-list';
import { TRUSTED_DEVICES_KEY, trustedDevicesApi, useTrustedDevices } from './trusted-devices-api';

/**
 * /manage-account's trusted devices (issue 42): the browsers where "don't ask again on this
 * device for 30 days" was ticked, with when each was added, last used and trusted until; one
 * or all can be removed at once (no password: removing only makes sign-in stricter).
 */
export function TrustedDevicesPanel() {
  const { t } = useTranslation();
  const { session } = useServices();
  const { showAlert } = useAlerts();
  const queryClient = useQueryClient();
  const devices = useTrustedDevices();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, work: () => Promise<unknown>, doneKey: string) => {
    setBusy(key);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: TRUSTED_DEVICES_KEY });
      showAlert({ messageKey: doneKey, severity: 'success' });
    } catch {
      showAlert({ messageKey: 'errors.C101', severity: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const api = trustedDevicesApi(session);
  const list = devices.data?.devices ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h3" sx={{ pt: 1 }}>
        {t('account.security.trusted.title')}
      </Typography>
      <Typography color="text.secondary">{t('account.security.trusted.intro')}</Typography>
      {devices.isPending ? <Skeleton variant="rounded" height={48} /> : null}
      {devices.isError ? <Typography>{t('errors.C100')}</Typography> : null}
      {devices.isSuccess && list.length === 0 ? (
        <Typography>{t('account.security.trusted.none')}</Typography>
      ) : null}
      {list.length > 0 ? (
        <SecurityList label={t('account.security.trusted.listLabel')}>
          {list.map((d) => (
            <SecurityListItem
              key={d.id}
              name={
                <>
                  {d.label}
                  {d.current ? (
                    <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                      {` (${t('account.security.trusted.thisDevice')})`}
                    </Typography>
                  ) : null}
                </>
              }
              dates={[
                t('account.security.trusted.added', { date: formatDate(d.createdAt, 'date') }),
                d.lastUsedAt
                  ? t('account.security.trusted.lastUsed', {
                      date: formatDate(d.lastUsedAt, 'date'),
                    })
                  : t('account.security.trusted.neverUsed'),
                t('account.security.trusted.expires', { date: formatDate(d.expiresAt, 'date') }),
              ].join(' · ')}
              actions={
                <Box>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy !== null}
                    onClick={() =>
                      void run(d.id, () => api.remove(d.id), 'account.security.trusted.removed')
                    }
                    aria-label={t('account.security.trusted.removeNamed', { label: d.label })}
                  >
                    {t('account.security.trusted.remove')}
                  </Button>
                </Box>
              }
            />
          ))}
        </SecurityList>
      ) : null}
      {list.length > 0 ? (
        <Box>
          <Button
            variant="outlined"
            color="error"
            disabled={busy !== null}
            onClick={() =>
              void run('all', () => api.removeAll(), 'account.security.trusted.removedAll')
            }
            aria-label={t('account.security.trusted.removeAllNamed')}
          >
            {t('account.security.trusted.removeAll')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

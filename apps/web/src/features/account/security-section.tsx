import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import type { FactorAction } from './factor-password-dialog';
import { lazyComponent, OnceOpened } from '../../components/lazy-dialog';
import { PasskeysPanel } from './passkeys-panel';
import { useSecondFactorStatus } from './second-factor-api';
import { TrustedDevicesPanel } from './trusted-devices-panel';

// Opened on demand (issue 46): not part of /manage-account's first load.
const TotpSetupDialog = lazyComponent(() => import('./totp-setup-dialog'), 'TotpSetupDialog');
const FactorPasswordDialog = lazyComponent(
  () => import('./factor-password-dialog'),
  'FactorPasswordDialog',
);

/**
 * /manage-account's sign-in security (issue 42): passkeys, then the authenticator app and, while
 * it is on, the devices that skip its code.
 */
export function SecuritySection() {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const status = useSecondFactorStatus();
  const [setupOpen, setSetupOpen] = useState(false);
  const [action, setAction] = useState<FactorAction | null>(null);

  if (status.isPending) return <Skeleton variant="rounded" height={64} />;
  if (status.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{t('errors.C100')}</Typography>
        <Button variant="outlined" onClick={() => void status.refetch()}>
          {t('account.retry')}
        </Button>
      </Stack>
    );
  }
  const { totp, recoveryCodesLeft } = status.data;
  return (
    <Stack spacing={2}>
      {typeof window.PublicKeyCredential === 'function' ? <PasskeysPanel /> : null}
      <Typography variant="h3" component="h3" sx={{ pt: 1 }}>
        {t('account.security.app.title')}
      </Typography>
      {totp ? (
        <>
          <Typography>
            {t('account.security.app.on', { date: formatDate(totp.enrolledAt, 'date') })}
          </Typography>
          <Typography color={recoveryCodesLeft < 3 ? 'warning.dark' : 'text.secondary'}>
            {t('account.security.codes.left', { count: recoveryCodesLeft })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="outlined" onClick={() => setAction('recoveryCodes')}>
              {t('account.security.codes.newButton')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setAction('remove')}>
              {t('account.security.remove.button')}
            </Button>
          </Stack>
        </>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{t('account.security.app.intro')}</Typography>
          <Button variant="outlined" onClick={() => setSetupOpen(true)}>
            {t('account.security.app.setUp')}
          </Button>
        </Stack>
      )}
      {totp ? <TrustedDevicesPanel /> : null}
      <OnceOpened open={setupOpen}>
        <TotpSetupDialog open={setupOpen} onClose={() => setSetupOpen(false)} />
      </OnceOpened>
      <OnceOpened open={action !== null}>
        <FactorPasswordDialog
          action={action}
          onClose={() => setAction(null)}
          onRemoved={() => {
            setAction(null);
            showAlert({ messageKey: 'account.security.remove.done', severity: 'success' });
          }}
        />
      </OnceOpened>
    </Stack>
  );
}

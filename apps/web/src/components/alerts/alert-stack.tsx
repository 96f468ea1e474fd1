import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAppConfig } from '../../lib/use-app-config';
import type { ShownAlert } from './resolve-alert';

const ContactSupportDialog = lazy(async () => ({
  default: (await import('../support/contact-support-dialog')).ContactSupportDialog,
}));

function AlertItem({
  alert,
  onDismiss,
  onContact,
}: {
  alert: ShownAlert;
  onDismiss: (id: number) => void;
  onContact: (alert: ShownAlert) => void;
}) {
  const { t } = useTranslation();
  // The contact link opens the support form: none without SUPPORT_URL.
  const { supportUrl } = useAppConfig();
  useEffect(() => {
    if (alert.autoHideMs === null) return;
    const timer = setTimeout(() => onDismiss(alert.id), alert.autoHideMs);
    return () => clearTimeout(timer);
  }, [alert.id, alert.autoHideMs, onDismiss]);

  const urgent = alert.severity === 'error' || alert.severity === 'warning';
  return (
    <Alert
      severity={alert.severity}
      variant="standard"
      role={urgent ? 'alert' : 'status'}
      onClose={() => onDismiss(alert.id)}
      slotProps={{ closeButton: { title: t('common.dismiss'), 'aria-label': t('common.dismiss') } }}
      sx={{ boxShadow: 3, pointerEvents: 'auto', overflowWrap: 'anywhere' }}
    >
      {t(alert.messageKey, alert.values)}
      {alert.code && (
        <Box component="span" sx={{ ml: 0.5, whiteSpace: 'nowrap' }}>
          {t('alerts.code', { code: alert.code })}
        </Box>
      )}
      {alert.supportCategory && supportUrl && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            color="inherit"
            sx={{ verticalAlign: 'baseline', fontWeight: 600 }}
            onClick={() => onContact(alert)}
          >
            {t('alerts.contact')}
          </Link>
        </>
      )}
    </Alert>
  );
}

export function AlertStack({
  alerts,
  onDismiss,
}: {
  alerts: ShownAlert[];
  onDismiss: (id: number) => void;
}) {
  const [contactFor, setContactFor] = useState<ShownAlert | null>(null);
  return (
    <>
      {/* Bottom left, away from the top bar, the menu button and the account menu (and from
          a chat launcher, which sits bottom right): a toast never covers the navigation. On a
          phone it spans the width above the bottom edge; newest lowest. */}
      <Box
        sx={{
          position: 'fixed',
          bottom: {
            xs: 'calc(8px + env(safe-area-inset-bottom, 0px))',
            sm: 'calc(24px + env(safe-area-inset-bottom, 0px))',
          },
          left: { xs: 8, sm: 24 },
          right: { xs: 8, sm: 'auto' },
          width: { sm: 'min(480px, calc(100% - 48px))' },
          zIndex: (theme) => theme.zIndex.snackbar,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          pointerEvents: 'none',
        }}
      >
        {alerts.map((alert) => (
          <AlertItem key={alert.id} alert={alert} onDismiss={onDismiss} onContact={setContactFor} />
        ))}
      </Box>
      {contactFor && (
        <Suspense fallback={null}>
          <ContactSupportDialog
            open
            onClose={() => setContactFor(null)}
            category={contactFor.supportCategory}
            code={contactFor.code}
          />
        </Suspense>
      )}
    </>
  );
}

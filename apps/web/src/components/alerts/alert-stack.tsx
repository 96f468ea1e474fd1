import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/config';
import type { ShownAlert } from './alert-context';

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
      sx={{ boxShadow: 3, pointerEvents: 'auto' }}
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
      <Box
        sx={{
          position: 'fixed',
          top: { xs: 8, sm: 16 },
          left: '50%',
          transform: 'translateX(-50%)',
          width: 'min(640px, calc(100% - 16px))',
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

import { NOTIFICATION_TYPE } from '@portal/domain';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellBanner } from '../../components/layout/banner-slot';
import { formatCalendarDate } from '../../lib/format';
import { useContractExpirationBanners } from '../../lib/notifications/use-contract-expiration-banners';
import { useNotificationsQuery } from '../../lib/notifications/use-notifications';
import { useUpdateNotificationStatus } from '../../lib/notifications/use-update-notification-status';
import { useServices } from '../../lib/services';
import { HOME_STORAGE_KEYS, isStoredFlag, storeFlag } from './home-storage';

function Banner({
  label,
  text,
  severity,
  onDismiss,
}: {
  label: string;
  text: string;
  severity: 'info' | 'warning';
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShellBanner
      aria-label={label}
      sx={{ px: { xs: 1, sm: 2 }, py: 1, bgcolor: 'background.paper' }}
    >
      <Alert
        severity={severity}
        sx={{ width: '100%', maxWidth: 1120, mx: 'auto', alignItems: 'center' }}
        action={
          <IconButton aria-label={t('home.banners.dismiss', { label })} onClick={onDismiss}>
            <CloseIcon fontSize="small" aria-hidden />
          </IconButton>
        }
      >
        {text}
      </Alert>
    </ShellBanner>
  );
}

/**
 * Spec 01 §2, §4; spec 02 §4: the regulation banner (dismissal completes the notification)
 * and the plan-expiration banner (dismissal stored in local storage).
 */
export function HomeBanners() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const notifications = useNotificationsQuery();
  const contracts = useContractExpirationBanners();
  const update = useUpdateNotificationStatus();
  const [dismissed, setDismissed] = useState<string[]>([]);

  const regulation = (notifications.data ?? []).find(
    (n) =>
      n.type === NOTIFICATION_TYPE.regulationBanner &&
      n.status !== 'action_completed' &&
      !dismissed.includes(n.id),
  );
  const expiring = (contracts.data ?? []).find(
    (banner) =>
      !dismissed.includes(banner.notification.id) &&
      !isStoredFlag(storage, HOME_STORAGE_KEYS.planExpirationDismissed + banner.notification.id),
  );

  return (
    <>
      {regulation && (
        <Banner
          label={t('home.banners.regulation')}
          severity="info"
          text={regulation.message ?? regulation.title}
          onDismiss={() => {
            setDismissed((ids) => [...ids, regulation.id]);
            update.mutate({ id: regulation.id, newStatus: 'completed' });
          }}
        />
      )}
      {expiring && (
        <Banner
          label={t('home.banners.planExpiration')}
          severity="warning"
          text={
            expiring.contract_end_date
              ? t('home.banners.planExpiresOn', {
                  title: expiring.notification.title,
                  date: formatCalendarDate(expiring.contract_end_date),
                })
              : (expiring.notification.message ?? expiring.notification.title)
          }
          onDismiss={() => {
            const id = expiring.notification.id;
            storeFlag(storage, HOME_STORAGE_KEYS.planExpirationDismissed + id);
            setDismissed((ids) => [...ids, id]);
          }}
        />
      )}
    </>
  );
}

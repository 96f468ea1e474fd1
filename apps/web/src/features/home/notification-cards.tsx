import { NOTIFICATION_TYPE } from '@portal/domain';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isUnread, type PortalNotification } from '../../lib/notifications/use-notifications';
import {
  useOpenNotification,
  useUpdateNotificationStatus,
} from '../../lib/notifications/use-update-notification-status';
import { useTranslation } from '../../lib/i18n-react';

// Banner types sit above every page's content (the shell's layout banners), not among the cards.
const BANNER_TYPES = new Set<string>([
  NOTIFICATION_TYPE.regulationBanner,
  NOTIFICATION_TYPE.contractExpire,
]);

function severityOf(value: string): 'info' | 'success' | 'warning' | 'error' {
  return value === 'success' || value === 'warning' || value === 'error' ? value : 'info';
}

function NotificationCard({ notification }: { notification: PortalNotification }) {
  const { t } = useTranslation();
  const open = useOpenNotification();
  const update = useUpdateNotificationStatus();
  const isLab = notification.type === NOTIFICATION_TYPE.labResult;
  const actionLabel = isLab ? t('notifications.viewLabs') : notification.action?.label;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Alert
        role="status"
        severity={severityOf(notification.severity)}
        icon={<NotificationsActiveOutlinedIcon aria-hidden />}
        sx={{ alignItems: 'flex-start' }}
      >
        <AlertTitle component="h3" sx={{ fontWeight: 600 }}>
          {notification.title}
        </AlertTitle>
        {notification.message ?? notification.description}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {actionLabel && (
            <Button size="small" variant="contained" onClick={() => void open(notification)}>
              {actionLabel}
            </Button>
          )}
          {notification.status === 'unread' && !isLab && (
            <Button
              size="small"
              color="inherit"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: notification.id, newStatus: 'read' })}
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Box>
      </Alert>
    </Box>
  );
}

/**
 * Spec 01 §2: the home's notification cards: the ones still asking for attention. Issue 9:
 * home says each thing once, so a new-message notice stays out while the messages card shows.
 */
export function NotificationCards({
  notifications,
  messagesCardShown,
}: {
  notifications: PortalNotification[];
  messagesCardShown: boolean;
}) {
  const { t } = useTranslation();
  const shown = notifications.filter(
    (n) =>
      isUnread(n) &&
      !BANNER_TYPES.has(n.type) &&
      !(messagesCardShown && n.type === NOTIFICATION_TYPE.providerMessage),
  );
  if (shown.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('notifications.title')}
      sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {shown.map((notification) => (
        <NotificationCard key={notification.id} notification={notification} />
      ))}
    </Box>
  );
}

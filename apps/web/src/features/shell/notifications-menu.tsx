import { NOTIFICATION_MENU_WIDTH_PX, NOTIFICATION_TYPE } from '@portal/domain';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useMessageTime } from '../../lib/messages/use-message-time';
import { useProviderMessagesLive } from '../../lib/messages/use-provider-messages-live';
import { isUnread, type PortalNotification } from '../../lib/notifications/use-notifications';
import { useShownNotifications } from '../../lib/notifications/use-shown-notifications';
import { useNotificationsLive } from '../../lib/notifications/use-notifications-live';
import {
  useOpenNotification,
  useUpdateNotificationStatus,
} from '../../lib/notifications/use-update-notification-status';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function NotificationItem({
  notification,
  onDone,
}: {
  notification: PortalNotification;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const open = useOpenNotification();
  const update = useUpdateNotificationStatus();
  const formatTime = useMessageTime();
  const unread = isUnread(notification);
  const actionLabel =
    notification.type === NOTIFICATION_TYPE.labResult
      ? t('notifications.viewLabs')
      : (notification.action?.label ?? null);
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        p: 1.5,
        borderRadius: 2,
        bgcolor: unread ? 'primary.light' : 'transparent',
        display: 'grid',
        gap: 0.5,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Typography component="h3" sx={{ fontWeight: unread ? 700 : 500, flex: 1 }}>
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {t('notifications.unreadPrefix')}
            </Box>
          )}
          {notification.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 'none' }}>
          {formatTime(notification.date)}
        </Typography>
      </Box>
      {(notification.message ?? notification.description) && (
        <Typography variant="body2" color="text.secondary">
          {notification.message ?? notification.description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {actionLabel && (
          <Button
            size="small"
            variant="contained"
            onClick={() => {
              onDone();
              void open(notification);
            }}
          >
            {actionLabel}
          </Button>
        )}
        {notification.status === 'unread' && (
          <Button
            size="small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: notification.id, newStatus: 'read' })}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * The notifications bell (spec 01 §2, §9: a 475 px menu) with unread state and actions. Its
 * badge counts unread notifications (its name says so); the messages badge counts messages.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const query = useShownNotifications();
  // The bell is on every signed-in screen, so it keeps the live subscriptions open.
  useNotificationsLive();
  useProviderMessagesLive();
  const items = query.data ?? [];
  const unreadCount = items.filter(isUnread).length;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        data-tour="notifications"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={
          unreadCount > 0
            ? t('notifications.openWithUnread', { count: unreadCount })
            : t('notifications.open')
        }
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
      >
        {/* No badge at zero: MUI keeps a hidden badge's text in the page, and the button's
            name must contain every number it shows (WCAG 2.5.3). */}
        {unreadCount > 0 ? (
          <Badge badgeContent={unreadCount} color="error" max={99}>
            <NotificationsNoneOutlinedIcon aria-hidden />
          </Badge>
        ) : (
          <NotificationsNoneOutlinedIcon aria-hidden />
        )}
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'notifications-title',
            sx: {
              width: `min(${NOTIFICATION_MENU_WIDTH_PX}px, calc(100vw - 16px))`,
              maxHeight: 'min(560px, calc(100vh - 96px))',
              p: 2,
            },
          },
        }}
      >
        <Typography id="notifications-title" variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('notifications.title')}
        </Typography>
        {query.isPending ? (
          <Box aria-busy="true">
            <Skeleton variant="rounded" height={72} sx={{ mb: 1 }} />
            <Skeleton variant="rounded" height={72} />
          </Box>
        ) : items.length === 0 ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">{t('notifications.empty')}</Typography>
          </Box>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onDone={close} />
            ))}
          </Box>
        )}
      </Popover>
    </>
  );
}

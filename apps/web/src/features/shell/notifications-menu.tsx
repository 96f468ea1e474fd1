import { NOTIFICATION_MENU_WIDTH_PX } from '@portal/domain';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The notifications bell. Notification data arrives with the home and notifications issue;
 * until then the menu shows its empty state.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('notifications.open')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
      >
        <NotificationsNoneOutlinedIcon aria-hidden />
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'notifications-title',
            sx: { width: `min(${NOTIFICATION_MENU_WIDTH_PX}px, calc(100vw - 16px))`, p: 2 },
          },
        }}
      >
        <Typography id="notifications-title" variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('notifications.title')}
        </Typography>
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('notifications.empty')}</Typography>
        </Box>
      </Popover>
    </>
  );
}

import { DRAWER_WIDTH_PX } from '@portal/domain';
import CloseIcon from '@mui/icons-material/Close';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from '../../lib/i18n-react';
import { NavLink } from 'react-router';
import { LanguageSwitcher } from '../../components/layout/language-switcher';
import { Logo } from '../../components/layout/logo';
import { useSupportRequestUrl } from '../../components/support/use-support-request-url';
import { PATHS } from '../../lib/routes';
import type { NavItem } from './nav-items';

export function MobileDrawer({
  open,
  onClose,
  items,
  unread,
  onLogout,
}: {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  unread: number;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const supportUrl = useSupportRequestUrl({ category: null, code: null });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: `min(${DRAWER_WIDTH_PX}px, 100vw)` },
          role: 'dialog',
          'aria-modal': true,
          'aria-label': t('nav.menu'),
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Logo />
        <IconButton onClick={onClose} aria-label={t('nav.closeMenu')}>
          <CloseIcon aria-hidden />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.label')}>
        <List>
          {items.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end={item.to === '/'}
                onClick={onClose}
                sx={{ '&.active': { color: 'primary.main', bgcolor: 'primary.light' } }}
              >
                <ListItemText
                  primary={
                    item.badge && unread > 0 ? (
                      <Badge badgeContent={unread} color="error">
                        {t(item.labelKey)}
                      </Badge>
                    ) : (
                      t(item.labelKey)
                    )
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={PATHS.manageAccount} onClick={onClose}>
            <ListItemText primary={t('account.manage')} />
          </ListItemButton>
        </ListItem>
        {supportUrl && (
          <ListItem disablePadding>
            <ListItemButton
              component="a"
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ListItemText primary={t('account.supportCenter')} />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            <ListItemText primary={t('account.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
      <Box sx={{ p: 2, mt: 'auto' }}>
        <LanguageSwitcher />
      </Box>
    </Drawer>
  );
}

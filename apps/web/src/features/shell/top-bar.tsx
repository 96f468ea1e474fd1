import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, NavLink } from 'react-router';
import { LanguageSwitcher } from '../../components/layout/language-switcher';
import { Logo } from '../../components/layout/logo';
import { PageContainer } from '../../components/layout/page-container';
import { AccountMenu } from './account-menu';
import { MobileDrawer } from './mobile-drawer';
import { useNavItems } from './nav-items';
import { useUnreadMessageCount } from '../../lib/messages/use-unread-message-count';
import { NotificationsMenu } from './notifications-menu';

export function TopBar({ initials, onLogout }: { initials: string | null; onLogout: () => void }) {
  const { t } = useTranslation();
  const items = useNavItems();
  const unread = useUnreadMessageCount();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <PageContainer>
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 64 } }}>
          <IconButton
            edge="start"
            onClick={() => setDrawerOpen(true)}
            aria-label={t('nav.openMenu')}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon aria-hidden />
          </IconButton>
          <Box
            component={RouterLink}
            to="/"
            aria-label={t('nav.homeLink')}
            sx={{ display: 'inline-flex', textDecoration: 'none', mr: 2, borderRadius: 1 }}
          >
            <Logo compact />
          </Box>
          <Box
            component="nav"
            aria-label={t('nav.label')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flex: 1 }}
          >
            {items.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.to === '/'}
                sx={{
                  color: 'text.secondary',
                  '&.active': { color: 'primary.main', bgcolor: 'primary.light' },
                }}
              >
                {item.badge && unread > 0 ? (
                  <Badge
                    badgeContent={unread}
                    color="error"
                    slotProps={{ badge: { 'aria-label': t('nav.unread', { count: unread }) } }}
                  >
                    {t(item.labelKey)}
                  </Badge>
                ) : (
                  t(item.labelKey)
                )}
              </Button>
            ))}
          </Box>
          <Box sx={{ flex: { xs: 1, md: 'none' } }} />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitcher />
          </Box>
          <NotificationsMenu />
          <AccountMenu initials={initials} onLogout={onLogout} />
        </Toolbar>
      </PageContainer>
      <MobileDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        items={items}
        unread={unread}
        onLogout={onLogout}
      />
    </AppBar>
  );
}

import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { signOut, useMe } from '../api/auth';
import { useCare } from '../api/services';
import { strings } from '../strings';
import { LanguageButton } from '../language/language-button';

const NAV_WIDTH = 220;
const LOW_RECOVERY_CODES = 3;
const t = strings.layout;

// Labels are read when rendered: the language choice changes the table's words.
const NAV = [
  { to: '/care/queue', label: () => t.queue, icon: <InboxIcon /> },
  { to: '/care/patients', label: () => t.patients, icon: <PeopleIcon /> },
  { to: '/care/providers', label: () => t.providers, icon: <EventIcon /> },
] as const;

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label={t.nav} sx={{ px: 1 }}>
      {NAV.map((item) => {
        const current = pathname === item.to || pathname.startsWith(`${item.to}/`);
        return (
          <ListItemButton
            key={item.to}
            component={Link}
            to={item.to}
            selected={current}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ borderRadius: 1, mb: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              {item.icon}
            </ListItemIcon>
            <ListItemText primary={item.label()} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/** Few recovery codes left after a sign-in that used one: say so, once, on arrival. */
function RecoveryCodesNotice() {
  const { state } = useLocation() as { state: { recoveryCodesLeft?: number } | null };
  const left = state?.recoveryCodesLeft;
  if (typeof left !== 'number' || left > LOW_RECOVERY_CODES) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {strings.signIn.recoveryLeft(left)} {strings.signIn.recoveryLow(left)}
    </Alert>
  );
}

/** The console's frame: app bar (who is signed in, sign out), navigation, and the screen. */
export function CareLayout() {
  const { api, session } = useCare();
  const client = useQueryClient();
  const me = useMe();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const name = me.data ? `${me.data.firstName} ${me.data.lastName}` : '';
  const role = me.data ? (t.roles[me.data.role] ?? me.data.role) : '';

  const leave = () => {
    // The server ends the staff session; whatever it answers, this browser forgets it.
    void signOut(api)
      .catch(() => undefined)
      .finally(() => {
        session.end();
        client.clear();
      });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {strings.skipToContent}
      </Box>
      <AppBar
        position="fixed"
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton edge="start" aria-label={t.openNav} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="p" variant="h4" sx={{ flexGrow: 1, color: 'primary.main' }}>
            {strings.appName}
          </Typography>
          {me.data && (
            <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' } }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {role}
              </Typography>
            </Box>
          )}
          <LanguageButton color="inherit" />
          <Button
            color="inherit"
            onClick={leave}
            startIcon={<LogoutIcon aria-hidden />}
            aria-label={wide ? undefined : t.signOut}
          >
            {wide ? t.signOut : ''}
          </Button>
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: NAV_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <NavList />
        </Drawer>
      ) : (
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          slotProps={{ paper: { 'aria-label': t.nav } }}
        >
          {/* The app bar stays above the drawer: this keeps the drawer's top clear of it. */}
          <Toolbar />
          <Box sx={{ width: NAV_WIDTH, pt: 1 }}>
            {me.data && (
              <Box sx={{ px: 2, pb: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {role}
                </Typography>
              </Box>
            )}
            <NavList onNavigate={() => setOpen(false)} />
          </Box>
        </Drawer>
      )}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}
      >
        <Toolbar />
        <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
          <RecoveryCodesNotice />
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

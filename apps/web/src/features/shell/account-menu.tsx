import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { useSupportRequestUrl } from '../../components/support/use-support-request-url';
import { PATHS } from '../../lib/routes';

/** `initials` from `initialsOf` (lib/format); null shows a person icon instead. */
export function AccountMenu({
  initials,
  onLogout,
}: {
  initials: string | null;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const supportUrl = useSupportRequestUrl({ category: null, code: null });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        // WCAG 2.5.3: the name contains the initials the button shows.
        aria-label={
          initials ? t('account.menuLabelWithInitials', { initials }) : t('account.menuLabel')
        }
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'account-menu' : undefined}
      >
        <Avatar
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.95rem',
          }}
        >
          {initials ?? <PersonOutlineIcon aria-hidden />}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to={PATHS.manageAccount} onClick={close}>
          <ListItemIcon>
            <ManageAccountsOutlinedIcon aria-hidden />
          </ListItemIcon>
          {t('account.manage')}
        </MenuItem>
        {supportUrl && (
          <MenuItem
            component="a"
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <SupportAgentOutlinedIcon aria-hidden />
            </ListItemIcon>
            {t('account.supportCenter')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon aria-hidden />
          </ListItemIcon>
          {t('account.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

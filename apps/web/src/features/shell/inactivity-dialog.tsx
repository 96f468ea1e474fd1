import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { InactivityMonitor, type InactivityState } from '../../lib/session/inactivity-monitor';
import { useServices } from '../../lib/services';

/** Spec 01 §4: inactivity warning with a countdown and 'Stay logged in'. */
export function InactivityGuard({
  onExpire,
  onLogout,
}: {
  onExpire: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const [state, setState] = useState<InactivityState>({ phase: 'active' });
  const [monitor, setMonitor] = useState<InactivityMonitor | null>(null);

  useEffect(() => {
    const created = new InactivityMonitor({
      isTokenExpired: () => session.isTokenExpired(),
      onChange: setState,
      onExpire,
    });
    created.start();
    setMonitor(created);
    return () => created.stop();
  }, [session, onExpire]);

  const open = state.phase === 'warning';
  return (
    <Dialog
      open={open}
      aria-labelledby="inactivity-title"
      aria-describedby="inactivity-description"
    >
      <DialogTitle id="inactivity-title">{t('inactivity.title')}</DialogTitle>
      <DialogContent>
        <Typography id="inactivity-description">
          {t('inactivity.message', { count: open ? state.secondsLeft : 0 })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onLogout}>{t('account.logout')}</Button>
        <Button variant="contained" onClick={() => monitor?.stayLoggedIn()} autoFocus>
          {t('inactivity.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

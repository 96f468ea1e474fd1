import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';

export function CookiePreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cookie-preferences-title">
      <DialogTitle id="cookie-preferences-title">{t('footer.cookieTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>{t('footer.cookieEssential')}</Typography>
        <Typography color="text.secondary">{t('footer.cookieNoTracking')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

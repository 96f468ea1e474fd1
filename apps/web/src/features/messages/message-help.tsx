import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useSupportRequestUrl } from '../../components/support/use-support-request-url';

/** Spec 01 §2: the message's help popup with a submit-request link. */
export function MessageHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = useSupportRequestUrl({ category: 'messages', code: null });
  return (
    <>
      <Button startIcon={<HelpOutlineIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('messages.help')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="message-help-title">
        <DialogTitle id="message-help-title">{t('messages.helpTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('messages.helpBody')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('messages.close')}</Button>
          {url && (
            <Button variant="contained" href={url} target="_blank" rel="noopener noreferrer">
              {t('messages.submitRequest')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}

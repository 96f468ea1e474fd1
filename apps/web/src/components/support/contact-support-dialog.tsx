import { CONTACT_DIALOG_MAX_WIDTH_PX } from '@portal/domain';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { useSupportRequestUrl } from './use-support-request-url';

export function ContactSupportDialog({
  open,
  onClose,
  category,
  code,
}: {
  open: boolean;
  onClose: () => void;
  category: string | null;
  code: string | null;
}) {
  const { t } = useTranslation();
  const url = useSupportRequestUrl({ category, code });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby="contact-support-title"
      slotProps={{ paper: { sx: { maxWidth: CONTACT_DIALOG_MAX_WIDTH_PX } } }}
    >
      <DialogTitle id="contact-support-title">{t('support.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>{t('support.intro')}</Typography>
        <Typography color="text.secondary">{t('support.hours')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {url ? (
          <Button
            variant="contained"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon aria-hidden />}
          >
            {t('support.openForm')}
          </Button>
        ) : (
          <Typography color="text.secondary">{t('support.unavailable')}</Typography>
        )}
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../lib/i18n-react';

/** Spec 01 §2, §4: closing the booking or reschedule flow midway asks first. */
export function ConfirmLeaveDialog({
  open,
  onStay,
  onLeave,
  kind,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  kind: 'booking' | 'reschedule';
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="confirm-leave-title">
      <DialogTitle id="confirm-leave-title">{t(`appointments.leave.${kind}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`appointments.leave.${kind}.body`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay}>{t(`appointments.leave.${kind}.stay`)}</Button>
        <Button color="error" variant="contained" onClick={onLeave}>
          {t(`appointments.leave.${kind}.leave`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { strings } from '../strings';

/** Someone else holds the item: say who (the server's words) and offer to take it over. */
export function ClaimConflictDialog({
  message,
  busy,
  onTakeOver,
  onClose,
}: {
  message: string | null;
  busy: boolean;
  onTakeOver: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby="care-claim-title"
      aria-describedby="care-claim-text"
    >
      <DialogTitle id="care-claim-title">{message}</DialogTitle>
      <DialogContent>
        <DialogContentText id="care-claim-text">
          {message ? strings.queue.claimedBy(message) : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {strings.cancel}
        </Button>
        <Button variant="contained" onClick={onTakeOver} disabled={busy}>
          {strings.queue.takeOver}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

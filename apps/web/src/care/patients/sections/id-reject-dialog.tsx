import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ID_CHECK_REJECTION_REASONS } from '@portal/domain';
import { useState } from 'react';
import { strings } from '../../strings';

const t = strings.actions;

/** A rejection needs a reason (the server refuses one without); the note is for the patient. */
export function IdRejectDialog({
  open,
  busy,
  onReject,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onReject: (reason: string, note: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string>(ID_CHECK_REJECTION_REASONS[0]);
  const [note, setNote] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="care-idreject-title" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onReject(reason, note.trim());
        }}
      >
        <DialogTitle id="care-idreject-title">{t.idRejectTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            label={t.idReason}
            value={reason}
            autoFocus
            onChange={(event) => setReason(event.target.value)}
          >
            {ID_CHECK_REJECTION_REASONS.map((value) => (
              <MenuItem key={value} value={value}>
                {t.idReasons[value] ?? value}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t.idNote}
            value={note}
            multiline
            minRows={2}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{strings.cancel}</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {t.reject}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

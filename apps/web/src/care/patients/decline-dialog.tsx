import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DECLINE_REASON_MAX, staffBulkDeclineSchema } from '@portal/domain';
import { useState } from 'react';
import { declineBulkOrder, usePatientAction } from '../api/actions';
import { errorText, isAlreadyDone } from '../api/error-text';
import { useAnnounce } from '../layout/announcer';
import { strings } from '../strings';
import { patientStrings as p } from './patient-strings';

/**
 * Declines a bulk order awaiting approval, with the reason the patient is told. The body is
 * checked with the server's own schema first; a 409 (someone approved or declined it first)
 * is shown in the dialog in the server's words, and the record refreshes to what stands.
 */
export function DeclineDialog({
  customerId,
  orderId,
  onClose,
  onDone,
}: {
  customerId: string;
  /** The order to decline; null keeps the dialog closed. */
  orderId: string | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const announce = useAnnounce();
  const decline = usePatientAction(customerId, (api, input: { orderId: string; reason: string }) =>
    declineBulkOrder(api, customerId, input),
  );
  const close = () => {
    setReason('');
    setMissing(false);
    decline.reset();
    onClose();
  };
  return (
    <Dialog open={orderId !== null} onClose={close} aria-labelledby="care-decline-title" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!orderId || decline.isPending) return;
          const checked = staffBulkDeclineSchema.safeParse({ orderId, reason });
          if (!checked.success) {
            setMissing(true);
            return;
          }
          setMissing(false);
          decline.mutate(checked.data, {
            onSuccess: () => {
              announce(p.declined);
              close();
              onDone?.();
            },
            onError: (error) => announce(errorText(error)),
          });
        }}
      >
        <DialogTitle id="care-decline-title">{p.declineTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {decline.error && (
            <Alert severity={isAlreadyDone(decline.error) ? 'warning' : 'error'} role="alert">
              {errorText(decline.error)}
              {isAlreadyDone(decline.error) ? ` ${strings.actions.alreadyDone}` : ''}
            </Alert>
          )}
          <TextField
            label={p.declineReason}
            name="reason"
            value={reason}
            autoFocus
            required
            multiline
            minRows={3}
            error={missing}
            helperText={missing ? p.declineRequired : p.declineHelp}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: DECLINE_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{strings.cancel}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={decline.isPending || isAlreadyDone(decline.error)}
          >
            {p.declineSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

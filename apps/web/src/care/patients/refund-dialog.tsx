import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import { refundCharge, usePatientAction } from '../api/actions';
import { errorText } from '../api/error-text';
import { StaffApiError } from '../api/http';
import { useAnnounce } from '../layout/announcer';
import { strings } from '../strings';
import { validateRefund, type RefundErrors } from './refund-form';

const t = strings.actions;

function refundError(error: unknown): string {
  if (error instanceof StaffApiError && error.code === 'REFUND_REFUSED') {
    return t.refundRefused[error.body.reason ?? ''] ?? errorText(error);
  }
  return errorText(error);
}

/** Refund all or part of a charge: at most what is left of it, with a reason. */
export function RefundDialog({
  customerId,
  charge,
  onClose,
}: {
  customerId: string;
  charge: { id: string; refundableCents: number } | null;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
  const announce = useAnnounce();
  const refund = usePatientAction(
    customerId,
    (api, input: { chargeId: string; amountCents: number; reason: string }) =>
      refundCharge(api, input.chargeId, { amountCents: input.amountCents, reason: input.reason }),
  );
  const close = () => {
    setAmount('');
    setReason('');
    setErrors({});
    refund.reset();
    onClose();
  };
  const left = charge ? formatMoney(charge.refundableCents) : '';

  return (
    <Dialog open={charge !== null} onClose={close} aria-labelledby="care-refund-title" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!charge || refund.isPending) return;
          const checked = validateRefund(amount, reason, charge.refundableCents);
          if (!checked.ok) {
            setErrors(checked.errors);
            return;
          }
          setErrors({});
          refund.mutate(
            { chargeId: charge.id, amountCents: checked.amountCents, reason: checked.reason },
            {
              onSuccess: () => {
                announce(t.refundDone);
                close();
              },
            },
          );
        }}
      >
        <DialogTitle id="care-refund-title">{t.refundTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {refund.error && (
            <Alert severity="error" role="alert">
              {refundError(refund.error)}
            </Alert>
          )}
          <TextField
            label={t.refundAmount}
            name="amount"
            value={amount}
            autoFocus
            required
            error={Boolean(errors.amount)}
            helperText={errors.amount ?? t.refundLeft(left)}
            onChange={(event) => setAmount(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t.refundReason}
            name="reason"
            value={reason}
            required
            multiline
            minRows={2}
            error={Boolean(errors.reason)}
            helperText={errors.reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{strings.cancel}</Button>
          <Button type="submit" variant="contained" disabled={refund.isPending}>
            {t.refundSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

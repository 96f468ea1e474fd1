import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SHIPMENT_STATUS_RULES, SHIPMENT_STATUSES } from '@portal/domain';
import { useState } from 'react';
import { addShipmentEvent, usePatientAction } from '../../api/actions';
import { errorText } from '../../api/error-text';
import { useAnnounce } from '../../layout/announcer';
import { strings } from '../../strings';

const t = strings.actions;

/** A new stage for a shipment: one event as the carrier or pharmacy would report it. */
export function ShipmentDialog({
  customerId,
  shipmentId,
  onClose,
  onDone,
}: {
  customerId: string;
  shipmentId: string | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [status, setStatus] = useState<string>('in_transit');
  const [message, setMessage] = useState('');
  const [location, setLocation] = useState('');
  const announce = useAnnounce();
  const add = usePatientAction(
    customerId,
    (api, input: { shipmentId: string; status: string; message: string; location: string }) =>
      addShipmentEvent(api, input.shipmentId, {
        status: input.status,
        occurredAt: new Date().toISOString(),
        ...(input.message.trim() ? { message: input.message.trim() } : {}),
        ...(input.location.trim() ? { location: input.location.trim() } : {}),
      }),
  );
  const close = () => {
    add.reset();
    onClose();
  };
  return (
    <Dialog open={shipmentId !== null} onClose={close} aria-labelledby="care-ship-title" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!shipmentId || add.isPending) return;
          add.mutate(
            { shipmentId, status, message, location },
            {
              onSuccess: () => {
                announce(t.done);
                close();
                onDone?.();
              },
            },
          );
        }}
      >
        <DialogTitle id="care-ship-title">{t.shipmentTitle}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {add.error && <Alert severity="error">{errorText(add.error)}</Alert>}
          <TextField
            select
            label={t.shipmentStatus}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            {SHIPMENT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {SHIPMENT_STATUS_RULES[value].label} ({value})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t.shipmentMessage}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            label={t.shipmentLocation}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{strings.cancel}</Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t.shipmentSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

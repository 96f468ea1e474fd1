import type { BookingBlockReason } from '@portal/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../lib/i18n-react';
import { EXTERNAL_LINKS } from '../../lib/links';

interface Props {
  reason: BookingBlockReason;
  onKeep: () => void;
  onReschedule: () => void;
}

/**
 * Spec 01 §4: the three blocking dialogs and their offers: an existing appointment offers
 * reschedule, no active treatments offers subscribe, one in progress offers keep appointment.
 */
export function BlockingDialog({ reason, onKeep, onReschedule }: Props) {
  const { t } = useTranslation();
  const prefix = `appointments.blocked.${reason}`;
  return (
    <Dialog open onClose={onKeep} aria-labelledby="blocked-title" aria-describedby="blocked-body">
      <DialogTitle id="blocked-title">{t(`${prefix}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="blocked-body">{t(`${prefix}.body`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {reason === 'existingAppointment' ? (
          <>
            <Button onClick={onKeep}>{t('appointments.blocked.keep')}</Button>
            <Button variant="contained" onClick={onReschedule}>
              {t('appointments.blocked.reschedule')}
            </Button>
          </>
        ) : null}
        {reason === 'noActiveTreatments' ? (
          <>
            <Button onClick={onKeep}>{t('appointments.blocked.back')}</Button>
            <Button variant="contained" href={EXTERNAL_LINKS.treatments}>
              {t('appointments.blocked.subscribe')}
            </Button>
          </>
        ) : null}
        {reason === 'appointmentInProgress' ? (
          <Button variant="contained" onClick={onKeep}>
            {t('appointments.blocked.keep')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

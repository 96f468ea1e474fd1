import Alert from '@mui/material/Alert';
import { useTranslation } from '../../lib/i18n-react';
import type { Prescription } from '../../lib/treatment/use-prescriptions';
import { ShippingTracker } from './shipping-tracker';

/**
 * Spec 02 §2, §9: the tracker card only when the prescription is not Cancelled or Delayed and
 * was written on or after 2024-05-15 (the server's show_tracker); otherwise a note saying why.
 */
export function TrackerOrNote({
  prescription,
  timeZone,
  headingLevel,
}: {
  prescription: Prescription;
  timeZone: string | null | undefined;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  if (prescription.show_tracker) {
    return (
      <ShippingTracker
        shipment={prescription.shipping_status}
        timeZone={timeZone}
        headingLevel={headingLevel}
      />
    );
  }
  const status = prescription.status.name;
  const reason = status === 'cancelled' || status === 'delayed' ? status : 'old';
  return (
    <Alert severity={reason === 'delayed' ? 'warning' : 'info'} variant="outlined">
      {t(`prescriptions.noTracker.${reason}`)}
    </Alert>
  );
}

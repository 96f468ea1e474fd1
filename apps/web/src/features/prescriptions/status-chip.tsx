import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from '../../lib/i18n-react';
import type { PrescriptionStatus } from '../../gql/graphql';

const COLOUR: Record<PrescriptionStatus, ChipProps['color']> = {
  received: 'primary',
  inProgress: 'primary',
  shipped: 'primary',
  inTransit: 'primary',
  outForDelivery: 'primary',
  awaitingPatientPickup: 'warning',
  delayed: 'warning',
  delivered: 'success',
  cancelled: 'default',
};

/** Spec 02 §3, §4: the prescription's status (status.display_name), in the catalogue's words. */
export function StatusChip({ status }: { status: PrescriptionStatus }) {
  const { t } = useTranslation();
  const label = t(`prescriptions.status.${status}`);
  return (
    <Chip
      size="small"
      color={COLOUR[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={label}
      aria-label={t('prescriptions.statusLabel', { status: label })}
      sx={{ fontWeight: 600 }}
    />
  );
}

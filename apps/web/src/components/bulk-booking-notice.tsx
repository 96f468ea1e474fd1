import { BULK_TREATMENT_SHORT_IDS, bulkVialOption } from '@portal/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../lib/i18n-react';

/**
 * Spec 02 §4 (bulk order, step 2): a customer who needs a live visit before a bulk order is
 * sent on to /book-appointment with an info notice. The notice reads the hand-off the bulk
 * order puts in the address (a bulk treatment and a vial count of 2 to 6), so it survives a
 * reload; any other visit to /book-appointment shows nothing.
 */
export function BulkBookingNotice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('vialCount');
  const treatment = params.get('treatmentShortId');
  const option = raw && /^\d+$/.test(raw) ? bulkVialOption(Number(raw)) : undefined;
  if (!option || !treatment || !(BULK_TREATMENT_SHORT_IDS as readonly string[]).includes(treatment))
    return null;
  return (
    <Alert severity="info" sx={{ mb: 3, maxWidth: 720 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1rem' }}>
        {t('bulk.booking.title')}
      </AlertTitle>
      {t('bulk.booking.body', { count: option.vials })}
    </Alert>
  );
}

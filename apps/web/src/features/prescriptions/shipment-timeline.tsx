import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import type { Shipment } from '../../lib/treatment/use-prescriptions';
import { formatScanTime } from './format';

type ShipmentEvent = Shipment['events'][number];

/** A scan's name in the catalogue; a status the spec does not list keeps the carrier's words. */
export function useEventLabel() {
  const { t, i18n } = useTranslation();
  return (event: ShipmentEvent) => {
    const key = `prescriptions.shipmentStatus.${event.status ?? ''}`;
    return event.status && i18n.exists(key) ? t(key) : event.label;
  };
}

/**
 * One timeline per shipment (the server orders it: pharmacy steps, then carrier scans), newest
 * last as it happened; a warning scan is marked in words too.
 */
export function ShipmentTimeline({
  shipment,
  timeZone,
  id,
}: {
  shipment: Shipment;
  timeZone: string | null | undefined;
  id: string;
}) {
  const { t } = useTranslation();
  const label = useEventLabel();
  return (
    <Box
      component="ol"
      id={id}
      aria-label={t('prescriptions.tracker.historyTitle')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0 }}
    >
      {shipment.events.map((event, index) => {
        const last = index === shipment.events.length - 1;
        return (
          <Box
            component="li"
            key={event.id}
            sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }}
          >
            <Box
              aria-hidden
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
            >
              <Box
                sx={{
                  mt: 0.75,
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: event.warning ? 'warning.main' : last ? 'primary.main' : 'grey.400',
                  flex: 'none',
                }}
              />
              {!last ? <Box sx={{ width: 2, flex: 1, bgcolor: 'grey.200', my: 0.5 }} /> : null}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{label(event)}</Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(
                    event.source === 'carrier'
                      ? 'prescriptions.tracker.source.carrier'
                      : 'prescriptions.tracker.source.pharmacy',
                  )}
                />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {formatScanTime(event.occurred_at, timeZone)}
                {event.location ? ` · ${event.location}` : ''}
              </Typography>
              {event.message ? <Typography variant="body2">{event.message}</Typography> : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

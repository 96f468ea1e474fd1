import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { formatDate } from '../../lib/format';
import type { Shipment } from '../../lib/treatment/use-prescriptions';
import { CarrierMark } from './carrier-mark';
import { ShipmentTimeline } from './shipment-timeline';
import { TrackerSteps } from './tracker-steps';

interface Props {
  shipment: Shipment | null | undefined;
  timeZone: string | null | undefined;
  /** The heading level of the card's title, under the screen's headings. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * Spec 02 §2 shipping tracker: the four stages with the current one marked, a warning state
 * explained in words, the carrier and its tracking link, the shipment's timeline with a
 * "no scan for N days" note; with no shipment, the empty-state message.
 */
export function ShippingTracker({ shipment, timeZone, headingLevel = 'h3' }: Props) {
  const { t } = useTranslation();
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  const titleId = useId();
  const carrierName = shipment ? t(`prescriptions.carriers.${shipment.carrier}`) : '';

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'grey.50', display: 'grid', gap: 2 }}
    >
      <Typography id={titleId} variant="h4" component={headingLevel}>
        {t('prescriptions.tracker.title')}
      </Typography>
      {!shipment ? (
        <Typography color="text.secondary">{t('prescriptions.tracker.empty')}</Typography>
      ) : (
        <>
          <TrackerSteps shipment={shipment} />
          {shipment.warning && shipment.status ? (
            <Alert severity="warning">{t(`prescriptions.warnings.${shipment.status}`)}</Alert>
          ) : null}
          {shipment.stalled_days ? (
            <Alert severity="info">
              {t('prescriptions.tracker.stalled', { count: shipment.stalled_days })}
            </Alert>
          ) : null}
          <Divider />
          <Box
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <CarrierMark carrier={shipment.carrier} />
            <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {t('prescriptions.tracker.carrier', { carrier: carrierName })}
              </Typography>
              {shipment.tracking_number ? (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {t('prescriptions.tracker.trackingNumber', { number: shipment.tracking_number })}
                </Typography>
              ) : null}
              {shipment.delivered_at ? (
                <Typography variant="body2" color="text.secondary">
                  {t('prescriptions.tracker.deliveredOn', {
                    date: formatDate(shipment.delivered_at, 'date', timeZone),
                  })}
                </Typography>
              ) : shipment.shipped_at ? (
                <Typography variant="body2" color="text.secondary">
                  {t('prescriptions.tracker.shippedOn', {
                    date: formatDate(shipment.shipped_at, 'date', timeZone),
                  })}
                </Typography>
              ) : null}
            </Box>
            {shipment.tracking_url ? (
              <Button
                variant="outlined"
                href={shipment.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon aria-hidden />}
                aria-label={`${t('prescriptions.tracker.track', { carrier: carrierName })} ${t('prescriptions.tracker.opensNewTab')}`}
              >
                {t('prescriptions.tracker.track', { carrier: carrierName })}
              </Button>
            ) : null}
          </Box>
          {shipment.events.length ? (
            <Box>
              <Button
                variant="text"
                onClick={() => setHistoryOpen((open) => !open)}
                aria-expanded={historyOpen}
                aria-controls={historyId}
                endIcon={
                  historyOpen ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />
                }
                sx={{ px: 1, ml: -1 }}
              >
                {t(
                  historyOpen
                    ? 'prescriptions.tracker.hideHistory'
                    : 'prescriptions.tracker.showHistory',
                )}
              </Button>
              <Collapse in={historyOpen}>
                <Box sx={{ pt: 1.5 }}>
                  <ShipmentTimeline shipment={shipment} timeZone={timeZone} id={historyId} />
                </Box>
              </Collapse>
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}

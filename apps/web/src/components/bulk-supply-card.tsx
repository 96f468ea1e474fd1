import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useBulkEligibility } from '../lib/bulk/use-bulk-eligibility';
import { useTranslation } from '../lib/i18n-react';

export const BULK_ORDER_PATH = '/bulk-order';

/**
 * The way to /bulk-order (issue 44: no card, link or notice led there): shown on home and on
 * /prescriptions to a customer whom IsBulkEligible (spec 02 §7) says may order now and for
 * whom bulk ordering is available. Anyone else sees nothing: not a card that leads to a
 * refusal (BS101, BS102) or to "no longer available". While the answer loads, or when it
 * fails, nothing shows either: the card is an offer, not something the page needs.
 */
export function BulkSupplyCard() {
  const { t } = useTranslation();
  const eligibility = useBulkEligibility();
  const e = eligibility.data;
  if (!e || !e.isBulkEligible || !e.bulkAvailable) return null;
  return (
    <Card component="section" aria-labelledby="bulk-supply-title">
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2.5, sm: 3 } }}
      >
        <Inventory2OutlinedIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1, display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography id="bulk-supply-title" variant="h3" component="h2">
            {t('bulk.entry.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('bulk.entry.body')}
          </Typography>
          <Button component={RouterLink} to={BULK_ORDER_PATH} variant="outlined">
            {t('bulk.entry.action')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

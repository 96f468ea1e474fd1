import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../lib/i18n-react';
import { SIDE_EFFECT_CHECK_IN_PATH, type CheckInReason } from '../lib/check-in/check-in-due';

/**
 * Issue 44: /prescriptions offers the side-effect check-in when it is due; nothing otherwise.
 * The screen reads the reason with its list (use-check-in-due.ts useCheckInOffer), so the card
 * paints with the list instead of pushing it down later (issue 46).
 */
export function CheckInCard({ reason }: { reason: CheckInReason | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <Card
      component="section"
      aria-labelledby="check-in-card-title"
      data-check-in={reason}
      sx={{ borderColor: 'primary.main', borderWidth: 2 }}
    >
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2.5, sm: 3 } }}
      >
        <FactCheckOutlinedIcon color="primary" sx={{ fontSize: 32, flex: 'none' }} aria-hidden />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="check-in-card-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {t(`prescriptions.checkIn.${reason}`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('prescriptions.checkIn.body')}
          </Typography>
          <Button variant="contained" component={RouterLink} to={SIDE_EFFECT_CHECK_IN_PATH}>
            {t('prescriptions.checkIn.action')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

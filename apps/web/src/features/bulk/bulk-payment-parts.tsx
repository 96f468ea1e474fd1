import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n-react';
import { PATHS } from '../../lib/routes';

// The bulk payment drawer's smaller pieces (bulk-payment-screen.tsx).

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ textAlign: 'right' }}>{children}</Box>
    </Box>
  );
}

/** Spec 02 §4: the success drawer (completed=true). */
export function BulkPaymentSuccess() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', pt: 2 }}>
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
      <Typography variant="h2" sx={{ fontSize: '1.375rem', mb: 1 }}>
        {t('bulk.payment.successTitle')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('bulk.payment.successBody')}</Typography>
      <Button variant="contained" fullWidth component={RouterLink} to={PATHS.home}>
        {t('bulk.payment.backHome')}
      </Button>
    </Box>
  );
}

/** Back from the bank's 3-D Secure check (issue 39): the purchase is asked again meanwhile. */
export function BulkPaymentConfirming() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ textAlign: 'center', pt: 4 }}>
      <CircularProgress aria-hidden sx={{ mb: 2 }} />
      <Typography>{t('bulk.payment.confirming')}</Typography>
    </Box>
  );
}

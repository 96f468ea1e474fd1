import { FEATURE_FLAGS } from '@portal/domain';
import CloseIcon from '@mui/icons-material/Close';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { HOME_STORAGE_KEYS, isStoredFlag, storeFlag } from './home-storage';

/** Spec 01 §2: health coach call-to-action (flag); dismissal remembered in local storage. */
export function HealthCoachCard() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const enabled = useBooleanFlagValue(FEATURE_FLAGS.healthCoachSupportedStates, false);
  const [dismissed, setDismissed] = useState(() =>
    isStoredFlag(storage, HOME_STORAGE_KEYS.healthCoachDismissed),
  );
  if (!enabled || dismissed) return null;
  return (
    <Card component="section" aria-labelledby="health-coach-title">
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2.5, sm: 3 } }}
      >
        <SupportAgentOutlinedIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography id="health-coach-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {t('home.healthCoach.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('home.healthCoach.body')}
          </Typography>
        </Box>
        <IconButton
          aria-label={t('home.healthCoach.dismiss')}
          onClick={() => {
            storeFlag(storage, HOME_STORAGE_KEYS.healthCoachDismissed);
            setDismissed(true);
          }}
        >
          <CloseIcon aria-hidden />
        </IconButton>
      </CardContent>
    </Card>
  );
}

/** Spec 01 §2: the bulk-order disclaimer (bulk_disclaimer) and GLP-1 alert (glp1_alert_banner). */
export function FlaggedAlerts() {
  const { t } = useTranslation();
  const bulk = useBooleanFlagValue(FEATURE_FLAGS.bulkDisclaimer, false);
  const glp1 = useBooleanFlagValue(FEATURE_FLAGS.glp1AlertBanner, false);
  return (
    <>
      {glp1 && (
        <Alert severity="warning" role="region" aria-label={t('home.glp1.title')}>
          <AlertTitle>{t('home.glp1.title')}</AlertTitle>
          {t('home.glp1.body')}
        </Alert>
      )}
      {bulk && (
        <Alert severity="info" role="region" aria-label={t('home.bulkDisclaimer.title')}>
          <AlertTitle>{t('home.bulkDisclaimer.title')}</AlertTitle>
          {t('home.bulkDisclaimer.body')}
        </Alert>
      )}
    </>
  );
}

import BusinessCenterOutlinedIcon from '@mui/icons-material/BusinessCenterOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from '../lib/i18n-react';

/**
 * The corporate-health mode's notice (spec 02 §6): the membership belongs to the employer's
 * health programme, so its plan is not changed here. Shown on home and on billing.
 */
export function CorporateHealthNotice({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      icon={<BusinessCenterOutlinedIcon fontSize="inherit" aria-hidden />}
      sx={{ mb: 2 }}
    >
      <AlertTitle component={headingLevel} sx={{ fontSize: '1rem' }}>
        {t('billing.corporate.title')}
      </AlertTitle>
      {t('billing.corporate.body')}
    </Alert>
  );
}

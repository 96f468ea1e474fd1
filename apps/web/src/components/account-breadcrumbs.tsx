import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../lib/i18n-react';
import { PATHS } from '../lib/routes';

/**
 * Spec 02 §2: breadcrumbs run from My Account (the profile, which lists the account modules)
 * to the module's page: the account screens, Labs and Billing plan.
 */
export function AccountBreadcrumbs({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs aria-label={t('account.breadcrumbs')} sx={{ mb: 1 }}>
      <Link component={RouterLink} to={PATHS.profile} underline="hover" color="inherit">
        {t('account.myAccount')}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}

import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_PATHS } from './account-paths';

/** Spec 02 §2: breadcrumbs run from My Account (the profile, which lists the modules). */
export function AccountBreadcrumbs({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs aria-label={t('account.breadcrumbs')} sx={{ mb: 1 }}>
      <Link component={RouterLink} to={ACCOUNT_PATHS.profile} underline="hover" color="inherit">
        {t('account.myAccount')}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}

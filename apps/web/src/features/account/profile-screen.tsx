import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/domain';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { StatusCard } from '../../components/status-card';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { formatCalendarDate } from '../../lib/format';
import { useSupportRequestUrl } from '../../components/support/use-support-request-url';
import { ACCOUNT_MODULE_EXTRAS, ACCOUNT_MODULE_LINKS } from './account-paths';
import { useAccountModules } from './use-account-modules';

const SUPPORT_CENTER_MODULE = 'support-center';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </div>
  );
}

function ModuleItem({
  label,
  to,
  external,
}: {
  label: string;
  to: string;
  external?: boolean | undefined;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={external ? 'a' : RouterLink}
        {...(external ? { href: to, target: '_blank', rel: 'noopener noreferrer' } : { to })}
        sx={{ borderRadius: 2 }}
      >
        <ListItemText primary={label} />
        <ChevronRightIcon aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}

/** Spec 02 §2 /profile: who the customer is, and the account modules (My Account). */
export function ProfileScreen() {
  const { t } = useTranslation();
  const customer = useCustomerQuery();
  const modules = useAccountModules();
  const supportUrl = useSupportRequestUrl({ category: null, code: null });
  const c = customer.data;
  const none = t('account.notSet');
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {t('account.myAccount')}
      </Typography>
      <Stack spacing={3}>
        <Card component="section" aria-labelledby="profile-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="profile-heading" variant="h2" sx={{ mb: 2 }}>
              {t('account.profile.title')}
            </Typography>
            {customer.isPending ? <Skeleton variant="rounded" height={120} /> : null}
            {customer.isError ? <StatusCard title={t('errors.C100')} /> : null}
            {c ? (
              <Stack
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                }}
              >
                <Fact label={t('account.profile.name')} value={c.full_name} />
                <Fact label={t('account.profile.preferredName')} value={c.preferred_name ?? none} />
                <Fact
                  label={t('account.profile.dob')}
                  value={c.dob ? formatCalendarDate(c.dob) : none}
                />
                <Fact label={t('account.profile.email')} value={c.email} />
                <Fact
                  label={t('account.profile.phone')}
                  value={c.phone ? formatPhone(c.phone) : none}
                />
                <Fact
                  label={t('account.profile.pronouns')}
                  value={t(`account.pronouns.${c.gender ?? 'none'}`)}
                />
              </Stack>
            ) : null}
          </CardContent>
        </Card>
        <Card component="nav" aria-labelledby="modules-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="modules-heading" variant="h2" sx={{ mb: 1 }}>
              {t('account.modules.title')}
            </Typography>
            <List disablePadding>
              {modules.flatMap((name) => {
                const link =
                  name === SUPPORT_CENTER_MODULE
                    ? supportUrl
                      ? { to: supportUrl, external: true }
                      : undefined
                    : ACCOUNT_MODULE_LINKS[name];
                if (!link) return [];
                const extras = (ACCOUNT_MODULE_EXTRAS[name] ?? []).map((extra) => (
                  <ModuleItem
                    key={extra.key}
                    label={t(`account.modules.${extra.key}`)}
                    to={extra.to}
                  />
                ));
                return [
                  <ModuleItem
                    key={name}
                    label={t(`account.modules.${name}`)}
                    to={link.to}
                    external={link.external}
                  />,
                  ...extras,
                ];
              })}
            </List>
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusCard } from '../../../components/status-card';
import { useTranslation } from '../../../lib/i18n-react';
import { PATHS } from '../../../lib/routes';
import { useAppConfig } from '../../../lib/use-app-config';
import type { FormResponse } from '../use-form-responses';

/**
 * Issue 44: what to do now after an answer triaged urgent: call 911, or the care team's number
 * (CARE_TEAM_PHONE, from /config.json) when there is one. The form screen puts it first, above
 * its title; focus moves to it so a screen reader and the keyboard start there too.
 */
export function UrgentGuidance() {
  const { t } = useTranslation();
  const phone = useAppConfig().careTeamPhone;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // It is the first thing on the page: the top, so the sticky top bar covers none of it.
    ref.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="error"
      role="alert"
      data-urgent-guidance
      sx={{ mb: 3, outline: 'none', '& .MuiAlert-message': { fontSize: '1rem' } }}
    >
      <AlertTitle sx={{ fontSize: '1.25rem' }}>{t('forms.urgent.title')}</AlertTitle>
      <Typography sx={{ fontWeight: 600, mb: 2 }}>{t('forms.urgent.message')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <Button variant="contained" color="error" href="tel:911">
          {t('forms.urgent.call911')}
        </Button>
        {phone ? (
          <Button
            variant="outlined"
            color="error"
            href={`tel:${phone.replace(/[^+\d]/g, '')}`}
            sx={{ bgcolor: 'background.paper' }}
          >
            {t('forms.urgent.callCareTeam', { phone })}
          </Button>
        ) : null}
      </Stack>
      <Typography>{t('forms.urgent.told')}</Typography>
    </Alert>
  );
}

/**
 * The submitted form: thanks and guidance. The urgent banner shows here only when
 * `urgentShown` is false (the form screen shows it above its title otherwise).
 */
export function DoneStep({
  response,
  kind,
  urgentShown = false,
}: {
  response: FormResponse;
  kind: string;
  urgentShown?: boolean;
}) {
  const { t } = useTranslation();
  const outcome = response.outcome;
  // A check-in is not tied to a visit: its thank-you says what happens to the answers instead.
  const message =
    outcome?.level === 'review'
      ? t('forms.done.review')
      : kind === 'check_in'
        ? t('forms.done.checkIn')
        : t('forms.done.message');
  return (
    <Stack spacing={2}>
      {outcome?.level === 'urgent' && !urgentShown ? <UrgentGuidance /> : null}
      <StatusCard
        title={t('forms.done.title')}
        message={message}
        action={
          <Button variant="contained" component={RouterLink} to={PATHS.home}>
            {t('forms.done.home')}
          </Button>
        }
      />
      {outcome && outcome.guidance.length > 0 ? (
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('forms.guidance.title')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {outcome.guidance.map((g) => (
                <li key={g}>
                  <Typography>{t(`forms.guidance.${g}`)}</Typography>
                </li>
              ))}
            </Box>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}

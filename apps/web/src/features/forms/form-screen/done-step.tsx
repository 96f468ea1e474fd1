import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { StatusCard } from '../../../components/status-card';
import { useTranslation } from '../../../lib/i18n-react';
import { PATHS } from '../../../lib/routes';
import type { FormResponse } from '../use-form-responses';

/** The submitted form: the urgent banner when the answers call for it, thanks, guidance. */
export function DoneStep({ response, kind }: { response: FormResponse; kind: string }) {
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
      {outcome?.level === 'urgent' ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('forms.urgent.title')}</AlertTitle>
          {t('forms.urgent.message')}
        </Alert>
      ) : null}
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

import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import MedicalServicesOutlinedIcon from '@mui/icons-material/MedicalServicesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/routes';
import { SIDE_EFFECT_CHECK_IN_PATH } from '../../lib/check-in/check-in-due';
import type { HomeNextStep } from './next-step';

const STEPS: Record<HomeNextStep, { icon: ReactNode; to?: string; href?: string }> = {
  finishIntake: { icon: <AssignmentOutlinedIcon aria-hidden />, to: '/intake' },
  // A treatment starts with its intake on the provider's treatments page.
  startIntake: {
    icon: <MedicalServicesOutlinedIcon aria-hidden />,
    // A getter: the link comes from /config.json at run time, after this module loads.
    get href() {
      return EXTERNAL_LINKS.treatments;
    },
  },
  bookFirstVisit: { icon: <EventAvailableOutlinedIcon aria-hidden />, to: PATHS.bookAppointment },
  checkInDoseChange: { icon: <FactCheckOutlinedIcon aria-hidden />, to: SIDE_EFFECT_CHECK_IN_PATH },
  checkInFourWeeks: { icon: <FactCheckOutlinedIcon aria-hidden />, to: SIDE_EFFECT_CHECK_IN_PATH },
};

/** Issue 9: the one thing a customer does next (issue 44: in care, a due check-in). */
export function NextStepCard({ step }: { step: HomeNextStep }) {
  const { t } = useTranslation();
  const { icon, to, href } = STEPS[step];
  const action = t(`home.nextStep.${step}.action`);
  return (
    <Card
      component="section"
      aria-labelledby="home-next-step-title"
      data-next-step={step}
      sx={{ borderColor: 'primary.main', borderWidth: 2 }}
    >
      <CardContent
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2.5, sm: 3 } }}
      >
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            bgcolor: 'primary.light',
            color: 'primary.main',
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" component="p" color="primary.main">
            {t('home.nextStep.label')}
          </Typography>
          <Typography id="home-next-step-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {t(`home.nextStep.${step}.title`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t(`home.nextStep.${step}.body`)}
          </Typography>
          {to ? (
            <Button variant="contained" component={RouterLink} to={to}>
              {action}
            </Button>
          ) : (
            <Button variant="contained" href={href}>
              {action}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

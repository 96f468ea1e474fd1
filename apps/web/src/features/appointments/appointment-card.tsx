import { canJoinVisit, canReschedule } from '@portal/domain';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { initialsOf } from '../../lib/format';
import { PATHS } from '../../lib/routes';
import { AddToCalendarMenu } from './add-to-calendar-menu';
import { AppointmentRequirements } from './appointment-requirements';
import { deviceTimeZone } from './display-time-zone';
import { formatClockWithZone, formatDay, formatVisitTime } from './format-time';
import type { AppointmentView } from '../../lib/appointments/use-appointments';

interface Props {
  appointment: AppointmentView;
  now: Date;
  timeZone: string;
  /** Past and async cards show no actions. */
  actions: boolean;
  /** The day's heading: h2 right under the page's h1, h3 inside a titled section. */
  headingLevel?: 'h2' | 'h3';
}

export function AppointmentCard({
  appointment,
  now,
  timeZone,
  actions,
  headingLevel = 'h3',
}: Props) {
  const { t } = useTranslation();
  const { raw } = appointment;
  const provider = raw.provider;
  const treatment = raw.treatment?.displayName ?? t('appointments.card.visit');
  const type = appointment.isAsync
    ? t('appointments.card.asyncType', { treatment })
    : t('appointments.card.videoType', { treatment });
  const day = formatDay(appointment.start, timeZone);
  const time = formatVisitTime(appointment.start, appointment.end, timeZone);
  // Issue 43: shown in the chosen zone; a device elsewhere also gets its own clock, and its
  // own day when the visit falls on another date there.
  const device = deviceTimeZone();
  const here = formatClockWithZone(appointment.start, device);
  const hereDay = formatDay(appointment.start, device);
  const onDevice =
    here !== formatClockWithZone(appointment.start, timeZone)
      ? t('appointments.card.onThisDevice', {
          time: hereDay === day ? here : `${hereDay}, ${here}`,
        })
      : null;
  const joinLink = actions && canJoinVisit(appointment, now) ? provider?.virtualVisitLink : null;
  const reschedule = actions && canReschedule(appointment, now);
  return (
    <Card component="article" aria-label={`${type}, ${day}`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography variant="h3" component={headingLevel}>
              {day}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {time}
              </Box>
              {onDevice ? ' ' : null}
              {onDevice ? (
                // An inline block: on a narrow screen it moves to the next line whole.
                <Typography
                  component="span"
                  color="text.secondary"
                  sx={{ fontWeight: 400, display: 'inline-block' }}
                >
                  {`· ${onDevice}`}
                </Typography>
              ) : null}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {type}
            </Typography>
          </Box>
          {provider ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 200px' }}>
              <Avatar src={provider.profileImage ?? undefined} alt="" aria-hidden>
                {initialsOf(provider.displayName) ?? <PersonOutlineIcon />}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{provider.displayName}</Typography>
                {provider.title ? (
                  <Typography variant="body2" color="text.secondary">
                    {provider.title}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          ) : null}
          {appointment.isAsync ? (
            <Chip label={t('appointments.card.asyncChip')} size="small" variant="outlined" />
          ) : null}
        </Box>
        {actions ? (
          <AppointmentRequirements requirements={raw.appointment_requirements ?? []} />
        ) : null}
        {actions ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            {joinLink ? (
              <Button
                variant="contained"
                startIcon={<VideocamOutlinedIcon aria-hidden />}
                href={joinLink}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('appointments.card.join')}
              </Button>
            ) : null}
            {reschedule ? (
              <Button
                variant="outlined"
                startIcon={<EventRepeatOutlinedIcon aria-hidden />}
                component={RouterLink}
                to={`${PATHS.bookAppointment}?rescheduleId=${encodeURIComponent(appointment.id)}`}
              >
                {t('appointments.card.reschedule')}
              </Button>
            ) : null}
            <AddToCalendarMenu
              appointmentId={appointment.id}
              event={{
                name: t('appointments.calendar.title', { treatment }),
                description: provider
                  ? t('appointments.calendar.descriptionWith', { provider: provider.displayName })
                  : t('appointments.calendar.description'),
                url: provider?.virtualVisitLink ?? null,
                start: appointment.start,
                end: appointment.end,
                timezone: timeZone,
              }}
            />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { ID_CHECK_REQUIREMENT_TYPES, INTAKE_REQUIREMENT_TYPES } from '@portal/domain';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import type { AppointmentView } from '../../lib/appointments/use-appointments';

type Requirement = AppointmentView['raw']['appointment_requirements'][number];

function kindOf(type: string): 'intake' | 'idCheck' | null {
  if ((INTAKE_REQUIREMENT_TYPES as readonly string[]).includes(type)) return 'intake';
  if ((ID_CHECK_REQUIREMENT_TYPES as readonly string[]).includes(type)) return 'idCheck';
  return null;
}

/**
 * What the customer does before a visit (spec 01 §3 requirements): the intake and the ID
 * check, each done or to do, with the link to do it. Nothing when the visit needs nothing.
 */
export function AppointmentRequirements({ requirements }: { requirements: Requirement[] }) {
  const { t } = useTranslation();
  const known = requirements.flatMap((r) => {
    const kind = kindOf(r.requirement_type);
    return kind ? [{ ...r, kind }] : [];
  });
  if (known.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('appointments.requirements.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {known.map((r) => (
          <Box
            component="li"
            key={`${r.kind}-${r.requirement_type}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, flexWrap: 'wrap' }}
          >
            {r.completed ? (
              <CheckCircleIcon color="success" fontSize="small" aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon color="action" fontSize="small" aria-hidden />
            )}
            <Typography variant="body2">
              {t(`appointments.requirements.${r.kind}`)}
              {': '}
              {r.completed
                ? t('appointments.requirements.done')
                : t('appointments.requirements.toDo')}
            </Typography>
            {!r.completed && r.link ? (
              <Link component={RouterLink} to={r.link} variant="body2">
                {t(`appointments.requirements.start.${r.kind}`)}
              </Link>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { PatientRecord } from '../api/types';
import { ageOn, text } from '../format';
import { strings } from '../strings';

const t = strings.patients;

/** Who this is at a glance: name, age, state, plan. Its heading takes focus on arrival. */
export function PatientHeader({ record }: { record: PatientRecord }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = record.profile.id;
  useEffect(() => {
    heading.current?.focus();
  }, [id]);
  const p = record.profile;
  const age = p.dateOfBirth ? ageOn(p.dateOfBirth, new Date()) : null;
  const plan = record.plans.find((row) => text(row.status) === 'active') ?? record.plans[0] ?? null;
  const planName = plan ? text(plan.name ?? plan.treatmentName ?? plan.planId) : '';
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h1" ref={heading} tabIndex={-1} sx={{ overflowWrap: 'anywhere' }}>
        {p.firstName} {p.lastName}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
        {age !== null && <Chip label={t.age(age)} variant="outlined" />}
        {p.stateCode && <Chip label={p.stateCode} variant="outlined" />}
        <Chip
          label={plan ? [planName, text(plan.status)].filter(Boolean).join(' · ') : t.noPlan}
          variant="outlined"
        />
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {p.email}
        </Typography>
      </Box>
    </Box>
  );
}

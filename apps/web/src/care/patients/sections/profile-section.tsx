import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatDay, text } from '../../format';
import { strings } from '../../strings';
import { RecordTable, SectionCard } from '../record-table';

const L = strings.record;

const s = strings.patients.sections;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {value || strings.notSet}
      </Typography>
    </Box>
  );
}

const addressLine = (row: RecordRow) =>
  [row.streetAddress1, row.streetAddress2, row.city, row.stateCode, row.zipCode]
    .map(text)
    .filter(Boolean)
    .join(', ');

export function ProfileSection({ record }: { record: PatientRecord }) {
  const p = record.profile;
  return (
    <SectionCard title={s.profile}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3, m: 0 }}
      >
        <Field label={L.name} value={`${p.firstName} ${p.lastName}`} />
        <Field label={L.email} value={p.email} />
        <Field label={L.phone} value={text(p.phone)} />
        <Field label={L.dateOfBirth} value={formatDay(p.dateOfBirth)} />
        <Field label={L.state} value={text(p.stateCode)} />
        <Field label={L.timeZone} value={text(p.timeZone)} />
        <Field label={L.patientSince} value={formatDay(p.createdAt)} />
      </Box>
      <Typography variant="h4" component="h4" sx={{ mt: 3, mb: 1 }}>
        {L.addresses}
      </Typography>
      <RecordTable
        label={L.addresses}
        rows={record.addresses}
        columns={[
          { label: L.kind, value: (row) => text(row.kind ?? row.type) },
          { label: L.address, value: addressLine },
        ]}
      />
    </SectionCard>
  );
}

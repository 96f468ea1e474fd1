import type { PatientRecord } from '../../api/types';
import { formatWhen, text, statusLabel } from '../../format';
import { strings } from '../../strings';
import { RecordTable, SectionCard } from '../record-table';

const L = strings.record;

// The sections that only list rows of the record (bulk orders, with their actions, are in
// bulk-section.tsx).

const s = strings.patients.sections;

export function AppointmentsSection({ record }: { record: PatientRecord }) {
  return (
    <SectionCard title={s.appointments}>
      <RecordTable
        label={s.appointments}
        rows={record.appointments}
        columns={[
          { label: L.when, value: (row) => formatWhen(row.start ?? row.startsAt) },
          { label: L.provider, value: (row) => text(row.providerName ?? row.provider) },
          { label: L.kind, value: (row) => text(row.kind ?? row.type ?? row.treatmentName) },
          { label: L.status, value: (row) => statusLabel(row.status) },
        ]}
      />
    </SectionCard>
  );
}

export function MessagesList({ record }: { record: PatientRecord }) {
  return (
    <RecordTable
      label={s.messages}
      rows={record.messages}
      columns={[
        { label: L.sent, value: (row) => formatWhen(row.createdAt ?? row.sentAt) },
        { label: L.type, value: (row) => text(row.type) },
        { label: L.subject, value: (row) => text(row.subject ?? row.title ?? row.preview) },
        { label: L.read, value: (row) => (row.readAt ? formatWhen(row.readAt) : L.notYet) },
      ]}
    />
  );
}

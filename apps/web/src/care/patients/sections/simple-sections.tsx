import type { PatientRecord } from '../../api/types';
import { formatDay, formatWhen, text, statusLabel } from '../../format';
import { strings } from '../../strings';
import { RecordTable, SectionCard } from '../record-table';

const L = strings.record;

// The sections that only list rows of the record.

const s = strings.patients.sections;

export function BulkSection({
  record,
  highlightId,
}: {
  record: PatientRecord;
  highlightId?: string | undefined;
}) {
  return (
    <SectionCard title={s.bulk}>
      <RecordTable
        label={s.bulk}
        rows={record.bulkOrders}
        columns={[
          {
            label: L.ordered,
            value: (row) =>
              `${formatDay(row.createdAt)}${row.id === highlightId ? L.thisItem : ''}`,
          },
          { label: L.vials, value: (row) => text(row.vialCount) },
          { label: L.visit, value: (row) => text(row.encounter) },
          { label: L.status, value: (row) => statusLabel(row.status) },
        ]}
      />
    </SectionCard>
  );
}

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

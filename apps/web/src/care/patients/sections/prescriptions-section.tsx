import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatDay, formatWhen, text, statusLabel } from '../../format';
import { strings } from '../../strings';
import { SectionCard } from '../record-table';
import { ShipmentDialog } from './shipment-dialog';

const L = strings.record;

const s = strings.patients.sections;

const rows = (value: unknown): RecordRow[] =>
  Array.isArray(value) ? (value.filter((v) => v && typeof v === 'object') as RecordRow[]) : [];

function kitNames(prescription: RecordRow): string {
  return rows(prescription.kits)
    .map((kit) => text(kit.kitName ?? kit.catalogName))
    .filter(Boolean)
    .join(', ');
}

function Timeline({ events }: { events: RecordRow[] }) {
  if (events.length === 0) return null;
  return (
    <Box component="ol" sx={{ m: 0, mt: 1, pl: 2.5, display: 'grid', gap: 0.5 }}>
      {events.map((event, at) => (
        <li key={text(event.id) || at}>
          <Typography variant="body2">
            <strong>{statusLabel(event.status)}</strong> · {formatWhen(event.occurredAt)}
            {text(event.location) && ` · ${text(event.location)}`}
            {text(event.message) && ` · ${text(event.message)}`}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

export function PrescriptionsSection({
  record,
  highlightShipmentId,
}: {
  record: PatientRecord;
  highlightShipmentId?: string | undefined;
}) {
  const [shipment, setShipment] = useState<string | null>(null);
  return (
    <SectionCard title={s.prescriptions}>
      {record.prescriptions.length === 0 && (
        <Typography color="text.secondary">{strings.patients.nothing}</Typography>
      )}
      {record.prescriptions.map((rx) => (
        <Box key={rx.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{kitNames(rx) || text(rx.name) || rx.id}</Typography>
          <Typography variant="body2" color="text.secondary">
            {statusLabel(rx.status)} · {L.written} {formatDay(rx.writtenAt ?? rx.createdAt)}
          </Typography>
          {rows(rx.shipments).map((sh) => (
            <Box
              key={sh.id}
              sx={{
                mt: 1.5,
                pl: 1.5,
                borderLeft: 3,
                borderColor: sh.id === highlightShipmentId ? 'warning.main' : 'grey.300',
              }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flexGrow: 1 }}>
                  {L.shipment} {text(sh.carrier).toUpperCase()} {text(sh.trackingNumber)} ·{' '}
                  {statusLabel(sh.stage ?? sh.status)}
                  {sh.id === highlightShipmentId ? L.thisItem : ''}
                </Typography>
                <Button size="small" variant="outlined" onClick={() => setShipment(sh.id)}>
                  {strings.actions.shipmentTitle}
                </Button>
              </Box>
              <Timeline events={rows(sh.events)} />
            </Box>
          ))}
        </Box>
      ))}
      <ShipmentDialog
        customerId={record.profile.id}
        shipmentId={shipment}
        onClose={() => setShipment(null)}
      />
    </SectionCard>
  );
}

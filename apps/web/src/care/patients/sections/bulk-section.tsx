import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { approveBulkOrder, usePatientAction } from '../../api/actions';
import { errorText, isAlreadyDone } from '../../api/error-text';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatDay, text, statusLabel } from '../../format';
import { useAnnounce } from '../../layout/announcer';
import { strings } from '../../strings';
import { DeclineDialog } from '../decline-dialog';
import { patientStrings as p } from '../patient-strings';
import { RecordTable, SectionCard, type Column } from '../record-table';

const L = strings.record;
const t = strings.actions;

const awaiting = (row: RecordRow) => row.status === 'awaiting_approval';

/**
 * The patient's bulk orders; one awaiting approval can be approved or declined from its row
 * (the queue item's bar does the same for the item it was opened for). A decision someone else
 * made first is said above the table, in the server's words, and the row shows what stands.
 */
export function BulkSection({
  record,
  highlightId,
}: {
  record: PatientRecord;
  highlightId?: string | undefined;
}) {
  const customerId = record.profile.id;
  const announce = useAnnounce();
  const [declining, setDeclining] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const approve = usePatientAction(customerId, (api, orderId: string) =>
    approveBulkOrder(api, customerId, orderId),
  );
  const onApprove = (orderId: string) => {
    if (approve.isPending) return;
    setProblem(null);
    approve.mutate(orderId, {
      onSuccess: () => announce(p.approved),
      onError: (error) => {
        const message = isAlreadyDone(error)
          ? `${error.message} ${t.alreadyDone}`
          : errorText(error);
        setProblem(message);
        announce(message);
      },
    });
  };
  const actions: Column<RecordRow> = {
    label: L.actions,
    value: (row) =>
      awaiting(row) ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            disabled={approve.isPending}
            onClick={() => onApprove(row.id)}
            aria-label={p.approveLabel(text(row.vialCount), formatDay(row.createdAt))}
          >
            {t.approve}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={() => {
              setProblem(null);
              setDeclining(row.id);
            }}
            aria-label={p.declineLabel(text(row.vialCount), formatDay(row.createdAt))}
          >
            {t.decline}
          </Button>
        </Box>
      ) : null,
  };
  return (
    <SectionCard title={strings.patients.sections.bulk}>
      {problem && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <RecordTable
        label={strings.patients.sections.bulk}
        rows={record.bulkOrders}
        columns={[
          {
            label: L.ordered,
            value: (row) =>
              `${formatDay(row.createdAt)}${row.id === highlightId ? L.thisItem : ''}`,
          },
          { label: L.vials, value: (row) => text(row.vialCount) },
          { label: L.visit, value: (row) => statusLabel(row.encounter) },
          { label: L.status, value: (row) => statusLabel(row.status) },
          // The actions column only when some order waits on a decision.
          ...(record.bulkOrders.some(awaiting) ? [actions] : []),
        ]}
      />
      <DeclineDialog
        customerId={customerId}
        orderId={declining}
        onClose={() => setDeclining(null)}
      />
    </SectionCard>
  );
}

import { DataGrid } from '@mui/x-data-grid';
import { useState } from 'react';
import { usePatientAudit } from '../../api/patients';
import { errorText } from '../../api/error-text';
import { formatWhen } from '../../format';
import { strings } from '../../strings';
import { SectionCard } from '../record-table';
import Alert from '@mui/material/Alert';

const L = strings.record;

const s = strings.patients.sections;

/** Who did what to this patient's record: field names only, never their values. */
export function AuditSection({ customerId }: { customerId: string }) {
  const [model, setModel] = useState({ page: 0, pageSize: 25 });
  const audit = usePatientAudit(customerId, model.page, model.pageSize);
  // The grid needs an id per row; an entry without one (never expected) must not break the page.
  const rows = (audit.data?.items ?? []).map((entry, at) => ({
    ...entry,
    id: entry.id || `${entry.at}-${String(at)}`,
  }));
  return (
    <SectionCard title={s.audit}>
      {audit.error && <Alert severity="error">{errorText(audit.error)}</Alert>}
      <DataGrid
        aria-label={s.audit}
        rows={rows}
        columns={[
          { field: 'at', headerName: L.when, width: 180, valueFormatter: (v) => formatWhen(v) },
          { field: 'who', headerName: L.who, width: 150 },
          { field: 'action', headerName: L.action, width: 110 },
          { field: 'entity', headerName: L.record, width: 150 },
          {
            field: 'fields',
            headerName: L.fields,
            flex: 1,
            minWidth: 160,
            valueFormatter: (value: string[] | null) => (value ?? []).join(', '),
          },
        ]}
        loading={audit.isFetching && !audit.data}
        paginationMode="server"
        rowCount={audit.data?.total ?? 0}
        paginationModel={model}
        onPaginationModelChange={setModel}
        pageSizeOptions={[25, 50, 100]}
        disableColumnSorting
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        disableVirtualization
        autoHeight
        localeText={{ noRowsLabel: strings.patients.nothing }}
        sx={{ border: 0 }}
      />
    </SectionCard>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import PersonPinIcon from '@mui/icons-material/PersonPinOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { QueueItem } from '../api/types';
import { formatWhen, waited } from '../format';
import { strings } from '../strings';

const t = strings.queue;

/** "Urgent" as an icon and a word: never colour alone. */
export function UrgentMark({ urgent }: { urgent: boolean }) {
  if (!urgent) return null;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
      <PriorityHighIcon fontSize="small" aria-hidden />
      <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
        {t.urgent}
      </Typography>
    </Box>
  );
}

export function ClaimText({ item, myId }: { item: QueueItem; myId: string | undefined }) {
  if (!item.claim) return null;
  const name = item.claim.staffId === myId ? t.you : item.claim.staffName;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <PersonPinIcon fontSize="small" aria-hidden />
      <Typography variant="body2" component="span">
        {t.onIt(name)}
      </Typography>
    </Box>
  );
}

const patientName = (item: QueueItem) => `${item.customer.firstName} ${item.customer.lastName}`;

/** The grid's columns; on a phone one summary column carries what the others would. */
export function queueColumns(
  narrow: boolean,
  myId: string | undefined,
  now: number,
): GridColDef<QueueItem>[] {
  const base = { sortable: false, filterable: false, disableColumnMenu: true } as const;
  if (narrow) {
    return [
      {
        ...base,
        field: 'title',
        headerName: t.columns.title,
        flex: 1,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, display: 'grid', gap: 0.25, whiteSpace: 'normal' }}>
            <UrgentMark urgent={row.urgent} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.title}
            </Typography>
            {row.detail && (
              <Typography variant="body2" color="text.secondary">
                {row.detail}
              </Typography>
            )}
            <Typography variant="body2">
              {patientName(row)} · {t.kinds[row.kind]} · {waited(row.since, now)}
            </Typography>
            <ClaimText item={row} myId={myId} />
          </Box>
        ),
      },
    ];
  }
  return [
    {
      ...base,
      field: 'urgent',
      headerName: t.columns.urgent,
      width: 110,
      renderCell: ({ row }) => <UrgentMark urgent={row.urgent} />,
    },
    {
      ...base,
      field: 'kind',
      headerName: t.columns.kind,
      width: 130,
      valueGetter: (_value, row) => t.kinds[row.kind],
    },
    {
      ...base,
      field: 'patient',
      headerName: t.columns.patient,
      width: 220,
      valueGetter: (_value, row) => patientName(row),
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, whiteSpace: 'normal', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {patientName(row)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {row.customer.email}
          </Typography>
        </Box>
      ),
    },
    {
      ...base,
      field: 'title',
      headerName: t.columns.title,
      flex: 1,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, whiteSpace: 'normal' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.detail}
          </Typography>
        </Box>
      ),
    },
    {
      ...base,
      field: 'since',
      headerName: t.columns.since,
      width: 170,
      renderCell: ({ row }) => (
        <Box sx={{ py: 1, whiteSpace: 'normal' }}>
          <Typography variant="body2">{waited(row.since, now)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatWhen(row.since)}
          </Typography>
        </Box>
      ),
    },
    {
      ...base,
      field: 'claim',
      headerName: t.columns.claim,
      width: 170,
      renderCell: ({ row }) => <ClaimText item={row} myId={myId} />,
    },
  ];
}

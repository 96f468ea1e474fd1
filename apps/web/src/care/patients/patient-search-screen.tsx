import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../api/error-text';
import { useCustomers } from '../api/patients';
import type { CustomerRow } from '../api/types';
import { formatDay } from '../format';
import { strings } from '../strings';

const t = strings.patients;

export function PatientSearchScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [model, setModel] = useState({ page: 0, pageSize: 25 });
  const customers = useCustomers(search, model.page, model.pageSize);
  const navigate = useNavigate();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (typed.trim() === search) return undefined;
    const timer = setTimeout(() => {
      setParams(typed.trim() ? { search: typed.trim() } : {}, { replace: true });
      setModel((m) => ({ ...m, page: 0 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  const name = (row: CustomerRow) => `${row.firstName} ${row.lastName}`;
  const columns: GridColDef<CustomerRow>[] = narrow
    ? [
        {
          field: 'name',
          headerName: t.columns.name,
          flex: 1,
          renderCell: ({ row }) => (
            <Box sx={{ py: 1, whiteSpace: 'normal' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {name(row)}
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {row.email} · {row.stateCode ?? ''}
              </Typography>
            </Box>
          ),
        },
      ]
    : [
        {
          field: 'name',
          headerName: t.columns.name,
          width: 220,
          valueGetter: (_v, row) => name(row),
        },
        { field: 'email', headerName: t.columns.email, flex: 1, minWidth: 220 },
        { field: 'stateCode', headerName: t.columns.state, width: 90 },
        { field: 'status', headerName: t.columns.status, width: 130 },
        {
          field: 'createdAt',
          headerName: t.columns.since,
          width: 150,
          valueFormatter: (value) => formatDay(value),
        },
      ];

  return (
    <Box>
      <Typography variant="h1" ref={heading} tabIndex={-1} sx={{ mb: 2 }}>
        {t.title}
      </Typography>
      <TextField
        label={t.search}
        placeholder={t.searchHelp}
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {customers.error && <Alert severity="error">{errorText(customers.error)}</Alert>}
      <Box sx={{ bgcolor: 'background.paper', borderRadius: 1.5 }}>
        <DataGrid<CustomerRow>
          aria-label={t.gridLabel}
          rows={customers.data?.items ?? []}
          columns={columns.map((c) => ({ ...c, sortable: false, disableColumnMenu: true }))}
          columnHeaderHeight={narrow ? 0 : 48}
          getRowHeight={narrow ? () => 'auto' : undefined}
          loading={customers.isFetching && !customers.data}
          paginationMode="server"
          rowCount={customers.data?.total ?? 0}
          paginationModel={model}
          onPaginationModelChange={setModel}
          pageSizeOptions={[25, 50, 100]}
          onRowClick={({ row }: { row: CustomerRow }) =>
            void navigate(`/care/patients/${encodeURIComponent(row.id)}`)
          }
          onCellKeyDown={({ row }: { row: CustomerRow }, event) => {
            if (event.key === 'Enter') {
              event.defaultMuiPrevented = true;
              void navigate(`/care/patients/${encodeURIComponent(row.id)}`);
            }
          }}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          disableVirtualization
          autoHeight
          localeText={{ noRowsLabel: t.empty }}
          sx={{
            border: 0,
            '& .MuiDataGrid-row': { cursor: 'pointer' },
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
            ...(narrow && { '& .MuiDataGrid-columnSeparator': { display: 'none' } }),
          }}
        />
      </Box>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DataGrid, type GridRowSelectionModel } from '@mui/x-data-grid';
import { QUEUE_FILTER_KINDS, type QueueKind } from '@portal/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { rememberQueueSearch } from '../queue-return';
import { useMe } from '../api/auth';
import { errorText } from '../api/error-text';
import { StaffApiError } from '../api/http';
import { useClaim, useQueue } from '../api/queue';
import type { QueueItem } from '../api/types';
import { useAnnounce } from '../layout/announcer';
import { strings } from '../strings';
import { ClaimConflictDialog } from './claim-conflict-dialog';
import { itemPath } from './open-item';
import { queueColumns } from './queue-columns';
import { QueueFilters } from './queue-filters';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useShortcuts } from './use-shortcuts';

const t = strings.queue;
const PAGE_SIZES = [25, 50, 100];
const SELECTED_KEY = 'care.queue.selected';

const asKind = (value: string | null): QueueKind | undefined =>
  (QUEUE_FILTER_KINDS as readonly string[]).includes(value ?? '')
    ? (value as QueueKind)
    : undefined;

export function QueueScreen() {
  const [params, setParams] = useSearchParams();
  const { search: query } = useLocation();
  useEffect(() => rememberQueueSearch(query), [query]);
  const kind = asKind(params.get('kind'));
  const urgentOnly = params.get('urgent') === '1';
  const search = params.get('search') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const pageSize = PAGE_SIZES.includes(Number(params.get('size')))
    ? Number(params.get('size'))
    : 50;
  const queue = useQueue({ kind, urgentOnly, search: search || undefined, page, pageSize });
  const me = useMe();
  const claim = useClaim();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const searchRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [help, setHelp] = useState(false);
  const [conflict, setConflict] = useState<{ item: QueueItem; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState(() => Number(sessionStorage.getItem(SELECTED_KEY)) || 0);
  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  const index = Math.min(selected, Math.max(0, items.length - 1));
  const current = items[index];

  const update = useCallback(
    (changes: Record<string, string | undefined>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
      setSelected(0);
    },
    [setParams],
  );
  const onSearch = useCallback(
    (value: string) => update({ search: value, page: undefined }),
    [update],
  );

  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  useEffect(() => {
    sessionStorage.setItem(SELECTED_KEY, String(index));
  }, [index]);
  const total = queue.data?.total;
  useEffect(() => {
    if (total !== undefined) announce(t.loaded(total));
  }, [total, announce]);

  const select = (next: number) => {
    const bounded = Math.max(0, Math.min(items.length - 1, next));
    setSelected(bounded);
    const item = items[bounded];
    if (item) {
      announce(t.selected(item.title, `${item.customer.firstName} ${item.customer.lastName}`));
      const row = document.querySelector(`[data-id="${CSS.escape(item.key)}"]`);
      // jsdom has no scrollIntoView; every browser does.
      if (row && typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'nearest' });
    }
  };

  const open = (item: QueueItem, takeOver = false) => {
    setError(null);
    claim.mutate(
      { key: item.key, takeOver },
      {
        onSuccess: () => {
          setConflict(null);
          void navigate(itemPath(item));
        },
        onError: (failure) => {
          if (failure instanceof StaffApiError && failure.code === 'claimed') {
            setConflict({ item, message: failure.message });
            announce(failure.message);
          } else {
            setConflict(null);
            setError(errorText(failure));
          }
        },
      },
    );
  };

  const refresh = () => {
    void queue.refetch().then(() => announce(t.refreshed));
  };

  useShortcuts(
    {
      j: () => select(index + 1),
      k: () => select(index - 1),
      Enter: () => current && open(current),
      r: refresh,
      u: () => update({ urgent: urgentOnly ? undefined : '1', page: undefined }),
      '/': () => searchRef.current?.focus(),
      '?': () => setHelp(true),
    },
    !help && conflict === null,
  );

  const selection: GridRowSelectionModel = {
    type: 'include',
    ids: new Set(current ? [current.key] : []),
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ flexGrow: 1 }}>
          {t.title}
        </Typography>
        <Button startIcon={<RefreshIcon aria-hidden />} onClick={refresh}>
          {t.refresh}
        </Button>
        <Button startIcon={<KeyboardIcon aria-hidden />} onClick={() => setHelp(true)}>
          {t.helpButton}
        </Button>
      </Box>
      <QueueFilters
        kind={kind}
        counts={queue.data?.counts}
        urgentOnly={urgentOnly}
        search={search}
        searchRef={searchRef}
        onKind={(next) => update({ kind: next, page: undefined })}
        onUrgentOnly={(value) => update({ urgent: value ? '1' : undefined, page: undefined })}
        onSearch={onSearch}
      />
      {(error ?? queue.error) && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error ?? errorText(queue.error)}
        </Alert>
      )}
      <Box sx={{ bgcolor: 'background.paper', borderRadius: 1.5 }}>
        <DataGrid<QueueItem>
          aria-label={t.gridLabel}
          rows={items}
          getRowId={(row) => row.key}
          columns={queueColumns(narrow, me.data?.id, Date.now())}
          columnHeaderHeight={narrow ? 0 : 48}
          getRowHeight={() => 'auto'}
          loading={queue.isFetching && !queue.data}
          paginationMode="server"
          rowCount={total ?? 0}
          pageSizeOptions={PAGE_SIZES}
          paginationModel={{ page, pageSize }}
          onPaginationModelChange={(model) => {
            // The grid also reports the model it already has (on new rows): not a change.
            if (model.page === page && model.pageSize === pageSize) return;
            update({
              page: model.page ? String(model.page) : undefined,
              size: model.pageSize === 50 ? undefined : String(model.pageSize),
            });
          }}
          rowSelectionModel={selection}
          onRowSelectionModelChange={(model) => {
            const key = [...model.ids][0];
            const at = items.findIndex((item) => item.key === key);
            if (at >= 0) setSelected(at);
          }}
          onRowDoubleClick={({ row }: { row: QueueItem }) => open(row)}
          // A phone has no double click: a tap on the one stacked cell opens the item.
          onRowClick={narrow ? ({ row }: { row: QueueItem }) => open(row) : undefined}
          onCellKeyDown={({ row }: { row: QueueItem }, event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              event.defaultMuiPrevented = true;
              open(row);
            }
          }}
          disableColumnSorting
          disableColumnFilter
          disableColumnMenu
          disableColumnSelector
          hideFooterSelectedRowCount
          disableVirtualization
          autoHeight
          localeText={{ noRowsLabel: t.empty }}
          sx={{
            border: 0,
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
            // The header is hidden on a phone; its column separator would stay as a stray line.
            ...(narrow && { '& .MuiDataGrid-columnSeparator': { display: 'none' } }),
            '& .MuiDataGrid-row.Mui-selected': {
              boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}`,
            },
          }}
        />
      </Box>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      <ClaimConflictDialog
        message={conflict?.message ?? null}
        busy={claim.isPending}
        onTakeOver={() => conflict && open(conflict.item, true)}
        onClose={() => setConflict(null)}
      />
    </Box>
  );
}

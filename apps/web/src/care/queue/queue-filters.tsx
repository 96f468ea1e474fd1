import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { QUEUE_FILTER_KINDS, type QueueKind } from '@portal/domain';
import { useEffect, useState, type Ref } from 'react';
import { strings } from '../strings';

const t = strings.queue;

/** Kind chips with their counts, "urgent only", and the patient search (debounced). */
export function QueueFilters({
  kind,
  counts,
  urgentOnly,
  search,
  searchRef,
  onKind,
  onUrgentOnly,
  onSearch,
}: {
  kind: QueueKind | undefined;
  counts: Partial<Record<QueueKind, number>> | undefined;
  urgentOnly: boolean;
  search: string;
  searchRef: Ref<HTMLInputElement>;
  onKind: (kind: QueueKind | undefined) => void;
  onUrgentOnly: (value: boolean) => void;
  onSearch: (value: string) => void;
}) {
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  useEffect(() => {
    if (typed.trim() === search) return undefined;
    const timer = setTimeout(() => onSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed, search, onSearch]);
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const label = (name: string, n: number | undefined) =>
    n === undefined ? name : `${name} (${String(n)})`;

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Box
        role="group"
        aria-label={t.filterLabel}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        <Chip
          label={label(t.all, total)}
          color={kind === undefined ? 'primary' : 'default'}
          variant={kind === undefined ? 'filled' : 'outlined'}
          aria-pressed={kind === undefined}
          onClick={() => onKind(undefined)}
        />
        {QUEUE_FILTER_KINDS.map((k) => (
          <Chip
            key={k}
            label={label(t.kinds[k], counts?.[k] ?? 0)}
            color={kind === k ? 'primary' : 'default'}
            variant={kind === k ? 'filled' : 'outlined'}
            aria-pressed={kind === k}
            onClick={() => onKind(kind === k ? undefined : k)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          label={t.search}
          placeholder={t.searchHelp}
          type="search"
          size="small"
          value={typed}
          inputRef={searchRef}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // The box's own value: on a busy machine the last keystrokes' state may not have
            // rendered yet when Enter arrives (a CI run searched for the empty string).
            if (event.key === 'Enter') onSearch((event.target as HTMLInputElement).value.trim());
            if (event.key === 'Escape') {
              // Leaves the box with the search kept: Chromium's search field clears itself on
              // Escape, and the cleared box then searched for nothing 300 ms later (the
              // keyboard test, run beside others, then picked another patient's bulk order).
              event.preventDefault();
              (event.target as HTMLInputElement).blur();
            }
          }}
          sx={{ maxWidth: { sm: 360 } }}
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
        <FormControlLabel
          control={
            <Switch checked={urgentOnly} onChange={(event) => onUrgentOnly(event.target.checked)} />
          }
          label={t.urgentOnly}
        />
      </Box>
    </Box>
  );
}

import {
  formatMinuteOfDay,
  parseMinuteOfDay,
  timeOffSchema,
  wallTimeToInstant,
  weeklyHoursSchema,
  type WeeklyHoursBlock,
} from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useMe } from '../api/auth';
import { errorText } from '../api/error-text';
import { StaffApiError } from '../api/http';
import {
  useProvider,
  useProviderEdits,
  type ProviderHoursView,
  type StrandedVisit,
} from '../api/providers';
import { inZone } from './provider-format';
import { WEEKDAYS, providerStrings as t } from './provider-strings';

/** The visits a 409 strands-visits answer lists, or null for any other failure. */
function strandedOf(error: unknown): StrandedVisit[] | null {
  if (!(error instanceof StaffApiError) || error.code !== 'strands-visits') return null;
  const visits = (error.body as { visits?: StrandedVisit[] }).visits;
  return Array.isArray(visits) ? visits : [];
}

function StrandDialog({
  visits,
  timeZone,
  onConfirm,
  onCancel,
}: {
  visits: StrandedVisit[] | null;
  timeZone: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={visits !== null} onClose={onCancel} aria-labelledby="strand-title">
      <DialogTitle id="strand-title">{t.strand.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t.strand.intro}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {(visits ?? []).map((v) => (
            <li key={v.id}>
              {inZone(v.start, timeZone)} · {v.patient}
            </li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t.strand.cancel}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {t.strand.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Draft = { key: number; weekday: number; from: string; to: string };
let draftKeys = 0;
const toDraft = (b: WeeklyHoursBlock): Draft => ({
  key: ++draftKeys,
  weekday: b.weekday,
  from: formatMinuteOfDay(b.startMinute),
  to: formatMinuteOfDay(b.endMinute),
});

function HoursCard({ provider, canEdit }: { provider: ProviderHoursView; canEdit: boolean }) {
  const { setHours } = useProviderEdits(provider.id);
  const [drafts, setDrafts] = useState<Draft[]>(() => provider.hours.map(toDraft));
  const [problem, setProblem] = useState<string | null>(null);
  const [stranded, setStranded] = useState<StrandedVisit[] | null>(null);
  const [saved, setSaved] = useState(false);

  const blocks = () =>
    drafts.map((d) => ({
      weekday: d.weekday,
      startMinute: parseMinuteOfDay(d.from) ?? -1,
      endMinute: parseMinuteOfDay(d.to) ?? -1,
    }));
  const save = (confirm: boolean) => {
    setSaved(false);
    const parsed = weeklyHoursSchema.safeParse({
      blocks: blocks(),
      ...(confirm ? { confirm } : {}),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? t.timeOff.invalid);
      return;
    }
    setProblem(null);
    setHours.mutate(parsed.data, {
      onSuccess: (view) => {
        setDrafts(view.hours.map(toDraft));
        setStranded(null);
        setSaved(true);
      },
      onError: (error) => {
        const visits = strandedOf(error);
        if (visits) setStranded(visits);
        else setProblem(errorText(error));
      },
    });
  };
  const update = (key: number, change: Partial<Draft>) =>
    setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {t.hours.title}
        </Typography>
        <Stack spacing={1.5}>
          {WEEKDAYS.map((day, weekday) => {
            const rows = drafts.filter((d) => d.weekday === weekday);
            return (
              <Box
                key={day}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' },
                  gap: 1,
                  alignItems: 'start',
                }}
              >
                <Typography sx={{ fontWeight: 600, pt: canEdit ? 1 : 0 }}>{day}</Typography>
                <Stack spacing={1}>
                  {rows.length === 0 && (
                    <Typography color="text.secondary" sx={{ pt: canEdit ? 1 : 0 }}>
                      {t.hours.closed}
                    </Typography>
                  )}
                  {rows.map((d) =>
                    canEdit ? (
                      <Box key={d.key} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        <TextField
                          size="small"
                          type="time"
                          label={t.hours.from(day)}
                          value={d.from}
                          onChange={(e) => update(d.key, { from: e.target.value })}
                          slotProps={{ htmlInput: { step: 900 }, inputLabel: { shrink: true } }}
                          sx={{ width: { sm: 170 }, flex: { xs: 1, sm: 'none' } }}
                        />
                        <TextField
                          size="small"
                          type="time"
                          label={t.hours.to(day)}
                          value={d.to}
                          onChange={(e) => update(d.key, { to: e.target.value })}
                          slotProps={{ htmlInput: { step: 900 }, inputLabel: { shrink: true } }}
                          sx={{ width: { sm: 170 }, flex: { xs: 1, sm: 'none' } }}
                        />
                        <IconButton
                          aria-label={t.hours.remove(day, d.from, d.to)}
                          onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
                        >
                          <CloseIcon fontSize="small" aria-hidden />
                        </IconButton>
                      </Box>
                    ) : (
                      <Typography key={d.key}>
                        {d.from}–{d.to}
                      </Typography>
                    ),
                  )}
                  {canEdit && (
                    <Box>
                      <Button
                        size="small"
                        startIcon={<AddIcon aria-hidden />}
                        onClick={() =>
                          setDrafts((all) => [
                            ...all,
                            { key: ++draftKeys, weekday, from: '09:00', to: '17:00' },
                          ])
                        }
                      >
                        {t.hours.add(day)}
                      </Button>
                    </Box>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {saved && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t.hours.saved}
          </Alert>
        )}
        {canEdit && (
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            onClick={() => save(false)}
            disabled={setHours.isPending}
          >
            {t.hours.save}
          </Button>
        )}
      </CardContent>
      <StrandDialog
        visits={stranded}
        timeZone={provider.timeZone}
        onCancel={() => setStranded(null)}
        onConfirm={() => save(true)}
      />
    </Card>
  );
}

/** "2026-11-10T09:00" in the provider's zone → an ISO instant, or null. */
function localToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const instant = wallTimeToInstant({ year: y, month: mo, day: d }, h * 60 + mi, timeZone);
  return instant ? instant.toISOString() : null;
}

function TimeOffCard({ provider, canEdit }: { provider: ProviderHoursView; canEdit: boolean }) {
  const { addTimeOff, removeTimeOff } = useProviderEdits(provider.id);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stranded, setStranded] = useState<StrandedVisit[] | null>(null);

  const add = (confirm: boolean) => {
    setNotice(null);
    const parsed = timeOffSchema.safeParse({
      startsAt: localToIso(from, provider.timeZone) ?? '',
      endsAt: localToIso(to, provider.timeZone) ?? '',
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(confirm ? { confirm } : {}),
    });
    if (!parsed.success) {
      setProblem(
        from && to ? (parsed.error.issues[0]?.message ?? t.timeOff.invalid) : t.timeOff.invalid,
      );
      return;
    }
    setProblem(null);
    addTimeOff.mutate(parsed.data, {
      onSuccess: () => {
        setStranded(null);
        setFrom('');
        setTo('');
        setReason('');
        setNotice(t.timeOff.added);
      },
      onError: (error) => {
        const visits = strandedOf(error);
        if (visits) setStranded(visits);
        else setProblem(errorText(error));
      },
    });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {t.timeOff.title}
        </Typography>
        {provider.timeOff.length === 0 ? (
          <Typography color="text.secondary">{t.timeOff.empty}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t.timeOff.tableLabel}>
              <TableHead>
                <TableRow>
                  <TableCell>{t.timeOff.from}</TableCell>
                  <TableCell>{t.timeOff.to}</TableCell>
                  <TableCell>{t.timeOff.reasonColumn}</TableCell>
                  {canEdit && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {provider.timeOff.map((entry) => {
                  const starts = inZone(entry.startsAt, provider.timeZone);
                  return (
                    <TableRow key={entry.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{starts}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {inZone(entry.endsAt, provider.timeZone)}
                      </TableCell>
                      <TableCell>{entry.reason ?? ''}</TableCell>
                      {canEdit && (
                        <TableCell align="right">
                          <Button
                            size="small"
                            aria-label={t.timeOff.removeNamed(starts)}
                            disabled={removeTimeOff.isPending}
                            onClick={() =>
                              removeTimeOff.mutate(entry.id, {
                                onSuccess: () => setNotice(t.timeOff.removed),
                                onError: (error) => setProblem(errorText(error)),
                              })
                            }
                          >
                            {t.timeOff.remove}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        {canEdit && (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              add(false);
            }}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3, alignItems: 'flex-start' }}
          >
            <TextField
              size="small"
              type="datetime-local"
              label={t.timeOff.from}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
            <TextField
              size="small"
              type="datetime-local"
              label={t.timeOff.to}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
            <TextField
              size="small"
              label={t.timeOff.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ width: { xs: '100%', sm: 280 } }}
            />
            <Button type="submit" variant="contained" disabled={addTimeOff.isPending}>
              {t.timeOff.add}
            </Button>
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {notice && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {notice}
          </Alert>
        )}
      </CardContent>
      <StrandDialog
        visits={stranded}
        timeZone={provider.timeZone}
        onCancel={() => setStranded(null)}
        onConfirm={() => add(true)}
      />
    </Card>
  );
}

/** /care/providers/:id: one provider's weekly hours and time off (issue 41). */
export function ProviderScreen() {
  const { id = '' } = useParams();
  const provider = useProvider(id);
  const me = useMe();
  const canEdit = me.data?.role === 'admin';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (provider.data) heading.current?.focus();
  }, [provider.data]);
  return (
    <Box>
      <Link component={RouterLink} to="/care/providers" sx={{ display: 'inline-block', mb: 1 }}>
        {t.back}
      </Link>
      {provider.error && <Alert severity="error">{errorText(provider.error)}</Alert>}
      {provider.isPending && <Skeleton variant="rounded" height={320} />}
      {provider.data && (
        <Stack spacing={2}>
          <Box>
            <Typography variant="h1" ref={heading} tabIndex={-1}>
              {provider.data.displayName}
            </Typography>
            <Typography color="text.secondary">{t.zoneNote(provider.data.timeZone)}</Typography>
          </Box>
          {!canEdit && me.data && <Alert severity="info">{t.readOnly}</Alert>}
          <HoursCard provider={provider.data} canEdit={canEdit} />
          <TimeOffCard provider={provider.data} canEdit={canEdit} />
        </Stack>
      )}
    </Box>
  );
}

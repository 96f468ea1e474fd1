import {
  bmi,
  goalDateAtPace,
  inchesToFeetInches,
  paceAdvice,
  percentBodyWeightLost,
  progressPercent,
  totalLost,
  treatmentEvents,
  weightAtDate,
  weightPace,
  weightTrend,
  type TreatmentEvent,
} from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useSearchParams } from 'react-router';
import { lazyWithReload } from '../../lib/chunk-reload';
import { formatCalendarDate } from '../../lib/format';
import { usePrescriptions, type Prescription } from '../../lib/treatment/use-prescriptions';
import { summarizeMeasurements, useMeasurements } from '../../lib/weight/use-measurements';
import type { WeightEntryToEdit } from '../../lib/weight/weight-edit-dialog';
import { lazyComponent, OnceOpened } from '../../components/lazy-dialog';

import { WeightGoalsCard } from './weight-goals-card';

// Opened on demand: its form (react-hook-form, the text fields) is not part of the page's first load.
const WeightEditDialog = lazyComponent(
  () => import('../../lib/weight/weight-edit-dialog'),
  'WeightEditDialog',
);

// The chart (SVG drawn with d3-scale, issue 46) is its own chunk, loaded as the page renders,
// so the weight route's chunk stays small (issue 16).
const WeightChart = lazy(
  lazyWithReload(async () => ({ default: (await import('./weight-chart')).WeightChart })),
);

// Spec 02 §2 weight page (issue 13): the chart of entries with the goal line and (beyond the
// spec) the 7-day trend; BMI, progress, total lost, pace and goal date; the 0.5–1 lb a week
// tip; the entries, each editable in the home edit dialog.

/** The prescriptions as dose records: the day written and the first kit's weekly dose. */
function doseRecords(prescriptions: readonly Prescription[] | undefined) {
  return (prescriptions ?? []).map((p) => ({
    date: String(p.created_at).slice(0, 10),
    weeklyDoseMg: p.kit_snapshots.find((k) => k.weekly_dose_mg != null)?.weekly_dose_mg ?? null,
    treatment: p.treatment?.display_name ?? '',
  }));
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

export function WeightScreen() {
  const { t } = useTranslation();
  const query = useMeasurements();
  // Treatment events come from the prescriptions; without them the chart simply has none.
  const prescriptions = usePrescriptions();
  // The edit dialog opens here on /weight (editWeight=true, as on home), so closing it leaves
  // the customer on the page they were reading.
  const [params, setParams] = useSearchParams();
  const editOpen = params.get('editWeight') === 'true';
  const [editing, setEditing] = useState<WeightEntryToEdit | undefined>(undefined);
  const openDialog = (entry?: WeightEntryToEdit) => {
    setEditing(entry);
    setParams(
      (p) => {
        p.set('editWeight', 'true');
        return p;
      },
      { replace: true },
    );
  };
  const closeDialog = () => {
    setEditing(undefined);
    setParams(
      (p) => {
        p.delete('editWeight');
        return p;
      },
      { replace: true },
    );
  };
  if (query.isPending) return <Skeleton variant="rounded" height={320} />;
  if (query.isError) return <Alert severity="error">{t('errors.C111')}</Alert>;

  const s = summarizeMeasurements(query.data);
  const trend = weightTrend(s.entries);
  const pace = weightPace(s.entries);
  const goalDate = s.goal === null ? null : goalDateAtPace(s.entries, s.goal);
  const advice = paceAdvice(pace);
  const lb = (v: number | null) =>
    v === null ? t('weight.page.notSet') : t('weight.lb', { value: v });
  const bmiValue =
    s.height !== null && s.current !== null ? bmi(inchesToFeetInches(s.height), s.current) : null;
  const progress =
    s.start !== null && s.current !== null && s.goal !== null
      ? progressPercent(s.start, s.current, s.goal)
      : null;
  const dates = s.entries.map((e) => new Date(`${e.date}T12:00:00`));
  const events = treatmentEvents(doseRecords(prescriptions.data));
  const firstStart = events.find((e) => e.kind === 'start');
  const startOfTreatmentLb = firstStart ? weightAtDate(s.entries, firstStart.date) : null;
  const lostSinceTreatment =
    startOfTreatmentLb !== null && s.current !== null
      ? percentBodyWeightLost(startOfTreatmentLb, s.current)
      : null;
  const eventText = (e: TreatmentEvent) =>
    e.kind === 'start'
      ? t('weight.page.events.start', {
          date: formatCalendarDate(e.date),
          treatment: e.treatment,
          dose: e.doseMg,
        })
      : t('weight.page.events.doseChange', {
          date: formatCalendarDate(e.date),
          treatment: e.treatment,
          dose: e.doseMg,
          previous: e.previousDoseMg,
        });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <OnceOpened open={editOpen}>
        <WeightEditDialog
          key={editing?.id ?? 'log'}
          open={editOpen}
          onClose={closeDialog}
          entry={editing}
        />
      </OnceOpened>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <Typography variant="h1">{t('weight.title')}</Typography>
        <Button variant="contained" onClick={() => openDialog()}>
          {t('weight.page.log')}
        </Button>
      </Box>
      {s.entries.length === 0 ? (
        <Alert severity="info">{t('weight.page.empty')}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('weight.page.chartLabel')}
            </Typography>
            <Box
              role="img"
              aria-label={t('weight.page.chartLabel')}
              aria-describedby={events.length > 0 ? 'weight-treatment-events' : undefined}
              data-testid="weight-chart"
            >
              <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
                <WeightChart
                  dates={dates}
                  weights={s.entries.map((e) => e.lb)}
                  trend={trend.map((p) => p.lb)}
                  goal={s.goal}
                  events={events}
                />
              </Suspense>
            </Box>
            {events.length > 0 && (
              <Box id="weight-treatment-events" sx={{ mt: 1 }}>
                <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 16, borderTop: '2px dashed #7b5ea7', display: 'inline-block' }}
                  />
                  {t('weight.page.events.legend')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="weight-treatment-events">
                  {events.map((e) => (
                    <Typography
                      component="li"
                      variant="body2"
                      key={`${e.date}-${e.treatment}-${e.kind}`}
                    >
                      {eventText(e)}
                    </Typography>
                  ))}
                </Box>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          <Stat label={t('weight.page.current')} value={lb(s.current)} />
          <Stat label={t('weight.page.goal')} value={lb(s.goal)} />
          <Stat label={t('weight.page.start')} value={lb(s.start)} />
          <Stat
            label={t('weight.page.bmi')}
            value={bmiValue === null ? t('weight.page.notSet') : String(bmiValue)}
          />
          <Stat
            label={t('weight.page.progress')}
            value={
              progress === null ? t('weight.page.notSet') : t('weight.percent', { value: progress })
            }
          />
          <Stat
            label={t('weight.page.totalLost')}
            value={
              s.start !== null && s.current !== null
                ? lb(totalLost(s.start, s.current))
                : t('weight.page.notSet')
            }
          />
          {lostSinceTreatment !== null && (
            <Stat
              label={t('weight.page.lostSinceTreatment')}
              value={t('weight.percent', { value: lostSinceTreatment })}
            />
          )}
          <Stat
            label={t('weight.page.pace')}
            value={
              pace === null ? t('weight.page.notSet') : t('weight.page.paceValue', { value: pace })
            }
          />
          <Stat
            label={t('weight.page.goalDate')}
            value={goalDate === null ? t('weight.page.notSet') : formatCalendarDate(goalDate)}
          />
        </CardContent>
      </Card>
      <WeightGoalsCard summary={s} />
      <Alert severity="info">
        {advice === 'slow'
          ? t('weight.page.tipSlow')
          : advice === 'fast'
            ? t('weight.page.tipFast')
            : t('weight.page.tip')}
      </Alert>
      {s.entries.length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {t('weight.page.entries')}
            </Typography>
            <List>
              {[...s.entries].reverse().map((e) => (
                <ListItem
                  key={e.id}
                  secondaryAction={
                    <Button
                      onClick={() => openDialog({ id: e.id, date: e.date, lb: e.lb })}
                      aria-label={t('weight.page.edit', { date: formatCalendarDate(e.date) })}
                    >
                      {t('weight.page.editShort')}
                    </Button>
                  }
                >
                  <ListItemText primary={lb(e.lb)} secondary={formatCalendarDate(e.date)} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import type { PatientRecord, RecordRow } from '../../api/types';
import { formatDay, text } from '../../format';
import { strings } from '../../strings';
import { RecordTable, SectionCard } from '../record-table';

const L = strings.record;

const s = strings.patients.sections;

/** Pounds as the overview sends them, or integer hundredths of a pound (DESIGN §4). */
const pounds = (row: RecordRow) => {
  if (typeof row.pounds === 'number') return row.pounds;
  const raw = row.weight ?? row.weightHundredths ?? row.value;
  return typeof raw === 'number' ? raw / 100 : null;
};
const day = (row: RecordRow) => row.date ?? row.measuredOn ?? row.recordedAt ?? row.createdAt;

export function WeightSection({ record }: { record: PatientRecord }) {
  const points = record.weights
    .map((row) => ({ row, lb: pounds(row), at: new Date(text(day(row))) }))
    .filter((p): p is { row: RecordRow; lb: number; at: Date } => p.lb !== null)
    .filter((p) => !Number.isNaN(p.at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    <SectionCard title={s.weight}>
      {points.length > 1 && (
        <Box component="figure" aria-label={L.chartLabel} sx={{ m: 0, mb: 2 }}>
          <LineChart
            height={260}
            xAxis={[
              {
                data: points.map((p) => p.at),
                scaleType: 'time',
                valueFormatter: (d: Date) => formatDay(d.toISOString()),
              },
            ]}
            series={[
              {
                data: points.map((p) => p.lb),
                label: L.weightLb,
                showMark: true,
                color: '#0b5c7a',
              },
            ]}
          />
        </Box>
      )}
      {/* The table is the chart's words, for a screen reader and for exact values. */}
      <RecordTable
        label={s.weight}
        rows={[...points].reverse().map((p) => p.row)}
        columns={[
          { label: L.date, value: (row) => formatDay(day(row)) },
          { label: L.weight, value: (row) => L.pounds(pounds(row)) },
          { label: L.source, value: (row) => text(row.source) },
        ]}
      />
    </SectionCard>
  );
}

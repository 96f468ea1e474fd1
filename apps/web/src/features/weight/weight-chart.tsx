import type { TreatmentEvent } from '@portal/domain';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from '../../lib/i18n-react';

interface Props {
  /** Each entry's day, noon local time. */
  dates: Date[];
  weights: number[];
  /** The 7-day trend, one point per entry. */
  trend: number[];
  goal: number | null;
  events: readonly TreatmentEvent[];
}

/**
 * Spec 02 §2: the weight chart (entries, trend, goal line, treatment marks). Its own module so
 * the weight screen loads the chart library lazily (issue 16).
 */
export function WeightChart({ dates, weights, trend, goal, events }: Props) {
  const { t } = useTranslation();
  return (
    <LineChart
      height={300}
      xAxis={[
        {
          data: dates,
          scaleType: 'time',
          valueFormatter: (d: Date) => d.toLocaleDateString(),
        },
      ]}
      series={[
        {
          data: weights,
          label: t('weight.page.weightSeries'),
          showMark: true,
        },
        {
          data: trend,
          label: t('weight.page.trendSeries'),
          showMark: false,
        },
        ...(goal !== null
          ? [
              {
                data: weights.map(() => goal),
                label: t('weight.page.goalSeries'),
                showMark: false,
              },
            ]
          : []),
      ]}
    >
      {events.map((e) => (
        <ChartsReferenceLine
          key={`${e.date}-${e.treatment}-${e.kind}`}
          x={new Date(`${e.date}T12:00:00`)}
          label={e.kind === 'start' ? t('weight.page.events.startMark') : `${e.doseMg} mg`}
          labelAlign="start"
          lineStyle={{ strokeDasharray: '4 4', stroke: '#7b5ea7' }}
          labelStyle={{ fontSize: 12, fill: '#5b3f86' }}
        />
      ))}
    </LineChart>
  );
}

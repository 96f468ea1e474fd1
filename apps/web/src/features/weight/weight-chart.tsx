import type { TreatmentEvent } from '@portal/domain';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { scaleLinear, scaleTime } from 'd3-scale';
import { format } from 'date-fns';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { formatCalendarDate } from '../../lib/format';
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

const HEIGHT = 300;
const MARGIN = { top: 24, right: 16, bottom: 28, left: 40 };
/** The width drawn before the container is measured (and in a test's DOM, which has none). */
const FALLBACK_WIDTH = 640;
export const EVENT_COLOR = '#7b5ea7';
const EVENT_LABEL_COLOR = '#5b3f86';
/** The trend's amber: 4.6:1 on white, as a line beside the primary weight line. */
const TREND_COLOR = '#a15c00';
const CONTAINER_SX = { position: 'relative' } as const;

/**
 * The axis's date format ("Oct 31") per language. English through date-fns, whose month names
 * are its own: the first Intl date formatter a page makes builds ICU's patterns, 64 ms of a
 * /weight load's main thread at 4x CPU (issue 46, measured in a profile). Other languages
 * through Intl, made once per language.
 */
const tickFormats = new Map<string, (date: Date) => string>([
  ['en', (date) => format(date, 'MMM d')],
]);
function tickFormatFor(language: string): (date: Date) => string {
  let formatTick = tickFormats.get(language);
  if (!formatTick) {
    const intl = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    formatTick = (date) => intl.format(date);
    tickFormats.set(language, formatTick);
  }
  return formatTick;
}

/**
 * The container's width, kept current as it resizes; null until it is measured, before the
 * first paint (a layout effect), so the chart is drawn once at its width rather than first at
 * a guessed one (issue 46: a year of entries is a few hundred marks and two paths to compute).
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setMeasured(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setMeasured(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = measured === null ? null : measured > 0 ? measured : FALLBACK_WIDTH;
  return { ref, width };
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function pathOf(points: readonly (readonly [number, number])[]): string {
  return points
    .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`)
    .join('');
}

function LegendItem({ color, dashed, label }: { color: string; dashed?: boolean; label: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 18, borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${color}` }}
      />
      <Typography variant="body2" component="span">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * Spec 02 §2: the weight chart (entries, trend, goal line, treatment marks), drawn as SVG with
 * d3-scale's time and linear scales. It replaced @mui/x-charts (about 85 kB gzip for one line
 * chart) to keep the weight page's JavaScript small (issue 46). The surrounding role="img"
 * names it; the entries list and the treatment list below it carry the same data as text.
 */
export function WeightChart({ dates, weights, trend, goal, events }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { ref, width } = useWidth();
  const [hover, setHover] = useState<number | null>(null);

  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return null;
  // The container alone until its width is known (the layout effect, before the first paint).
  if (width === null) return <Box ref={ref} sx={CONTAINER_SX} data-testid="weight-chart-drawing" />;
  const day = 24 * 3600 * 1000;
  // One entry still gets a readable axis: a day either side.
  const domain: [Date, Date] =
    first.getTime() === last.getTime()
      ? [new Date(first.getTime() - day), new Date(last.getTime() + day)]
      : [first, last];
  const x = scaleTime()
    .domain(domain)
    .range([MARGIN.left, width - MARGIN.right]);
  const values = [...weights, ...trend, ...(goal !== null ? [goal] : [])];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max(2, (high - low) * 0.1);
  const y = scaleLinear()
    .domain([low - pad, high + pad])
    .nice(5)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const xTicks = x.ticks(width < 480 ? 3 : 6);
  const tickFormat = tickFormatFor(i18n.language || 'en');
  const weightPoints = dates.map((d, i) => [x(d), y(weights[i] ?? 0)] as const);
  const trendPoints = dates.map((d, i) => [x(d), y(trend[i] ?? 0)] as const);
  const primary = theme.palette.primary.main;
  const success = theme.palette.success.main;
  const axisColor = theme.palette.text.secondary;
  const gridColor = theme.palette.divider;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = (event.clientX - box.left) * (box.width > 0 ? width / box.width : 1);
    let nearest = 0;
    weightPoints.forEach(([cx], i) => {
      if (Math.abs(cx - px) < Math.abs((weightPoints[nearest]?.[0] ?? 0) - px)) nearest = i;
    });
    setHover(nearest);
  };

  const hovered = hover !== null ? { date: dates[hover], point: weightPoints[hover] } : null;
  const tooltipWidth = 176;

  return (
    <Box ref={ref} sx={CONTAINER_SX} data-testid="weight-chart-drawing">
      <Box
        component="ul"
        aria-hidden
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, mb: 1, p: 0 }}
      >
        <LegendItem color={primary} label={t('weight.page.weightSeries')} />
        <LegendItem color={TREND_COLOR} label={t('weight.page.trendSeries')} />
        {goal !== null && <LegendItem color={success} dashed label={t('weight.page.goalSeries')} />}
      </Box>
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        aria-hidden
        focusable="false"
        style={{ display: 'block', touchAction: 'pan-y' }}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
        fontFamily={theme.typography.fontFamily}
      >
        {y.ticks(5).map((v) => (
          <g key={`y${v}`}>
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(v)}
              y2={y(v)}
              stroke={gridColor}
            />
            <text
              x={MARGIN.left - 6}
              y={y(v)}
              dy="0.32em"
              textAnchor="end"
              fontSize={12}
              fill={axisColor}
            >
              {v}
            </text>
          </g>
        ))}
        {xTicks.map((d) => (
          <text
            key={`x${d.getTime()}`}
            x={x(d)}
            y={HEIGHT - MARGIN.bottom + 18}
            // A label near either edge is anchored there, so it is not cut off.
            textAnchor={
              x(d) > width - MARGIN.right - 24
                ? 'end'
                : x(d) < MARGIN.left + 24
                  ? 'start'
                  : 'middle'
            }
            fontSize={12}
            fill={axisColor}
          >
            {tickFormat(d)}
          </text>
        ))}
        {events.map((e) => {
          const ex = x(new Date(`${e.date}T12:00:00`));
          if (ex < MARGIN.left || ex > width - MARGIN.right) return null;
          return (
            <g key={`${e.date}-${e.treatment}-${e.kind}`} className="weight-chart-event">
              <line
                x1={ex}
                x2={ex}
                y1={MARGIN.top - 8}
                y2={HEIGHT - MARGIN.bottom}
                stroke={EVENT_COLOR}
                strokeDasharray="4 4"
              />
              <text x={ex + 4} y={MARGIN.top - 10} fontSize={12} fill={EVENT_LABEL_COLOR}>
                {e.kind === 'start' ? t('weight.page.events.startMark') : `${e.doseMg} mg`}
              </text>
            </g>
          );
        })}
        {goal !== null && (
          <line
            className="weight-chart-goal"
            x1={MARGIN.left}
            x2={width - MARGIN.right}
            y1={y(goal)}
            y2={y(goal)}
            stroke={success}
            strokeWidth={2}
            strokeDasharray="6 4"
          />
        )}
        <path d={pathOf(trendPoints)} fill="none" stroke={TREND_COLOR} strokeWidth={2} />
        <path d={pathOf(weightPoints)} fill="none" stroke={primary} strokeWidth={2.5} />
        {hovered?.point && (
          <line
            x1={hovered.point[0]}
            x2={hovered.point[0]}
            y1={MARGIN.top}
            y2={HEIGHT - MARGIN.bottom}
            stroke={axisColor}
            strokeDasharray="2 3"
          />
        )}
        {weightPoints.map(([cx, cy], i) => (
          <circle
            key={dates[i]?.getTime() ?? i}
            className="weight-chart-mark"
            cx={cx}
            cy={cy}
            r={hover === i ? 6 : 4}
            fill={hover === i ? primary : theme.palette.background.paper}
            stroke={primary}
            strokeWidth={2}
          />
        ))}
      </svg>
      {hovered?.point && hovered.date && hover !== null && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: 40,
            // Beside the point, on the side with room, and never past the drawing's edges.
            left: Math.min(
              Math.max(
                hovered.point[0] > width / 2
                  ? hovered.point[0] - tooltipWidth - 12
                  : hovered.point[0] + 12,
                0,
              ),
              Math.max(width - tooltipWidth, 0),
            ),
            width: tooltipWidth,
            whiteSpace: 'nowrap',
            pointerEvents: 'none',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            boxShadow: 2,
            px: 1.5,
            py: 1,
          }}
        >
          <Typography variant="subtitle2" component="p">
            {formatCalendarDate(isoDay(hovered.date))}
          </Typography>
          <Typography variant="body2" component="p">
            {t('weight.page.weightSeries')}: {weights[hover]} lb
          </Typography>
          <Typography variant="body2" component="p" color="text.secondary">
            {t('weight.page.trendSeries')}: {trend[hover]?.toFixed(1)} lb
          </Typography>
          {goal !== null && (
            <Typography variant="body2" component="p" color="text.secondary">
              {t('weight.page.goalSeries')}: {goal} lb
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

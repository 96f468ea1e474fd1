import type { AvailabilityLabel } from '@portal/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { dayKeyParts } from './format-time';

export interface StripDay {
  /** yyyy-MM-dd in the shown zone. */
  date: string;
  label: AvailabilityLabel | null;
}

interface Props {
  days: readonly StripDay[];
  active: string;
  onChange: (date: string) => void;
  /** The strip is laid out again (shown after the review step): bring the day back into view. */
  visible: boolean;
}

/** Three quarters of the strip's width per arrow press: the next days, with one for context. */
const PAGE_FRACTION = 0.75;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : true;
}

function scrollStripTo(strip: HTMLElement, left: number): void {
  if (typeof strip.scrollTo === 'function') {
    strip.scrollTo({ left, behavior: reducedMotion() ? 'auto' : 'smooth' });
  } else {
    strip.scrollLeft = left;
  }
}

/**
 * Spec 01 §2, §9: the day strip with each day's availability label. It scrolls sideways at
 * every width, with arrow buttons either side (disabled at the ends) besides swiping.
 */
export function DayStrip({ days, active, onChange, visible }: Props) {
  const { t } = useTranslation();
  const stripRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const start = strip.scrollLeft <= 1;
    const end = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [measure]);

  // Keep the chosen day in view: when it changes and when the strip is shown again.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip || !visible) return;
    const button = strip.querySelector<HTMLElement>(`[data-day="${active}"]`);
    if (button) {
      const stripBox = strip.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      if (box.left < stripBox.left) strip.scrollLeft += box.left - stripBox.left;
      else if (box.right > stripBox.right) strip.scrollLeft += box.right - stripBox.right;
    }
    measure();
  }, [active, visible, days, measure]);

  const page = (direction: -1 | 1) => {
    const strip = stripRef.current;
    if (!strip) return;
    scrollStripTo(strip, strip.scrollLeft + direction * strip.clientWidth * PAGE_FRACTION);
  };

  // At an end the arrow stays in the tab order (focus is not lost under a keyboard user's
  // finger) but says it is unavailable and does nothing.
  const arrow = (direction: -1 | 1) => {
    const atEdge = direction < 0 ? edges.start : edges.end;
    return (
      <IconButton
        aria-label={
          direction < 0 ? t('appointments.slots.earlierDays') : t('appointments.slots.laterDays')
        }
        aria-disabled={atEdge || undefined}
        onClick={() => {
          if (!atEdge) page(direction);
        }}
        size="small"
        sx={{
          flex: '0 0 auto',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          color: atEdge ? 'action.disabled' : 'text.primary',
          cursor: atEdge ? 'default' : 'pointer',
        }}
      >
        {direction < 0 ? <ChevronLeftIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
      </IconButton>
    );
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      {arrow(-1)}
      <ToggleButtonGroup
        ref={stripRef}
        exclusive
        value={active}
        onChange={(_e, value: string | null) => {
          if (value) onChange(value);
        }}
        onScroll={measure}
        aria-label={t('appointments.slots.days')}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          overflowX: 'auto',
          gap: 1,
          py: 0.5,
          px: 0.25,
          scrollbarWidth: 'none',
          // Each press of an arrow (and each swipe) comes to rest on a whole day.
          scrollSnapType: 'x mandatory',
          scrollPaddingInline: '2px',
          '&::-webkit-scrollbar': { display: 'none' },
          '& .MuiToggleButtonGroup-grouped': {
            border: 1,
            borderColor: 'divider',
            borderRadius: '8px !important',
            ml: '0 !important',
          },
        }}
      >
        {days.map((d) => {
          const parts = dayKeyParts(d.date);
          return (
            <ToggleButton
              key={d.date}
              value={d.date}
              data-day={d.date}
              sx={{
                flex: '0 0 auto',
                flexDirection: 'column',
                width: 84,
                py: 1,
                px: 0.5,
                lineHeight: 1.3,
                scrollSnapAlign: 'start',
              }}
            >
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {parts.weekday}
              </Typography>
              <Typography component="span" variant="body2">
                {parts.date}
              </Typography>
              {d.label ? (
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ lineHeight: 1.25, mt: 0.25, textWrap: 'balance' }}
                >
                  {t(`appointments.slots.label.${d.label}`)}
                </Typography>
              ) : null}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      {arrow(1)}
    </Box>
  );
}

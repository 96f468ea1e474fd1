import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import type { Shipment } from '../../lib/treatment/use-prescriptions';

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Spec 02 §2, §4: the four stages in order as a list, the current one marked with
 * aria-current="step" (and in words for screen readers); a warning state colours it.
 */
export function TrackerSteps({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ol"
      aria-label={t('prescriptions.tracker.stepsLabel')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: `repeat(${shipment.steps.length}, minmax(0, 1fr))`,
      }}
    >
      {shipment.steps.map((step, index) => {
        const current = step.state === 'current';
        const done = step.state === 'done';
        const reached = current || done;
        const tone = current && shipment.warning ? 'warning.main' : 'primary.main';
        return (
          <Box
            component="li"
            key={step.stage}
            aria-current={current ? 'step' : undefined}
            data-state={step.state}
            sx={{
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              gap: 0.75,
              px: 0.5,
              // The line to the previous step, behind the dots.
              '&::before':
                index === 0
                  ? undefined
                  : {
                      content: '""',
                      position: 'absolute',
                      top: 13,
                      right: '50%',
                      width: '100%',
                      height: 3,
                      bgcolor: reached ? 'primary.main' : 'grey.200',
                      zIndex: 0,
                    },
            }}
          >
            <Box
              aria-hidden
              sx={{
                position: 'relative',
                zIndex: 1,
                width: 28,
                height: 28,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: done ? 'primary.main' : 'background.paper',
                border: 3,
                borderColor: reached ? tone : 'grey.300',
                color: 'primary.contrastText',
              }}
            >
              {done ? <CheckIcon sx={{ fontSize: 16 }} /> : null}
              {current ? (
                <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: tone }} />
              ) : null}
            </Box>
            <Typography
              variant="body2"
              sx={{
                fontWeight: current ? 700 : 500,
                color: reached ? 'text.primary' : 'text.secondary',
                fontSize: { xs: '0.8125rem', sm: '0.9375rem' },
                lineHeight: 1.3,
              }}
            >
              {t(`prescriptions.tracker.stage.${step.stage}`)}
              {done || current ? (
                <Box component="span" sx={hidden}>
                  {` (${t(current ? 'prescriptions.tracker.stepCurrent' : 'prescriptions.tracker.stepDone')})`}
                </Box>
              ) : null}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

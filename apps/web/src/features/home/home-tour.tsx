import { TOUR_START_DELAY_MS } from '@portal/domain';
import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, type Theme } from '@mui/material/styles';
import { driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useLocation } from 'react-router';
import { focusRingOutset } from '../../components/layout/focus-ring';
import { useServices } from '../../lib/services';
import { createAriaKeeper, isTourDisabled, markStepSeen, pendingSteps } from './tour';

const POPOVER_CLASS = 'portal-tour';

/**
 * driver.js's popover in the portal's theme (issue 9): the type scale (title as h3, text as
 * body1), the paper, the 12 px card radius, and buttons like MUI's (contained Next/Done, text
 * Previous, an icon-sized close) with the one focus ring. Doubled class names outrank
 * driver.css, which resets everything with `all: unset`.
 */
function tourStyles(theme: Theme) {
  const p = `.driver-popover.${POPOVER_CLASS}`;
  const button = {
    all: 'unset',
    boxSizing: 'border-box',
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: 44,
    paddingInline: 20,
    borderRadius: 8,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.button.fontSize,
    fontWeight: theme.typography.button.fontWeight,
    lineHeight: 1.5,
    textShadow: 'none',
    transition: theme.transitions.create(['background-color', 'color']),
    '&:focus-visible': focusRingOutset,
  } as const;
  return {
    [p]: {
      fontFamily: theme.typography.fontFamily,
      color: theme.palette.text.primary,
      backgroundColor: theme.palette.background.paper,
      borderRadius: 12,
      boxShadow: theme.shadows[8],
      padding: theme.spacing(3),
      minWidth: 0,
      width: `min(360px, calc(100vw - ${theme.spacing(4)}))`,
      maxWidth: 'none',
    },
    [`${p} .driver-popover-title`]: {
      ...theme.typography.h3,
      fontFamily: theme.typography.fontFamily,
      color: theme.palette.text.primary,
      paddingRight: 40,
    },
    [`${p} .driver-popover-description`]: {
      ...theme.typography.body1,
      fontFamily: theme.typography.fontFamily,
      color: theme.palette.text.primary,
      marginTop: theme.spacing(1),
    },
    [`${p} .driver-popover-footer`]: {
      marginTop: theme.spacing(2.5),
      gap: theme.spacing(1),
      flexWrap: 'wrap',
    },
    [`${p} .driver-popover-progress-text`]: {
      ...theme.typography.body2,
      fontFamily: theme.typography.fontFamily,
      color: theme.palette.text.secondary,
    },
    [`${p} .driver-popover-navigation-btns`]: { gap: theme.spacing(1) },
    [`${p} .driver-popover-navigation-btns button + button`]: { marginLeft: 0 },
    [`${p} .driver-popover-footer-btn`]: button,
    [`${p} .driver-popover-next-btn`]: {
      backgroundColor: theme.palette.primary.main,
      color: theme.palette.primary.contrastText,
      '&:hover, &:focus': { backgroundColor: theme.palette.primary.dark },
    },
    [`${p} .driver-popover-prev-btn`]: {
      backgroundColor: 'transparent',
      color: theme.palette.primary.main,
      '&:hover, &:focus': { backgroundColor: alpha(theme.palette.primary.main, 0.08) },
    },
    [`${p} .driver-popover-footer .driver-popover-btn-disabled`]: {
      opacity: 1,
      color: theme.palette.action.disabled,
    },
    [`${p} .driver-popover-close-btn`]: {
      ...button,
      position: 'absolute',
      paddingInline: 0,
      width: 44,
      height: 44,
      top: theme.spacing(1),
      right: theme.spacing(1),
      borderRadius: '50%',
      fontSize: '1.5rem',
      fontWeight: 400,
      color: theme.palette.text.secondary,
      '&:hover, &:focus': {
        color: theme.palette.text.primary,
        backgroundColor: theme.palette.action.hover,
      },
    },
    [`${p} .driver-popover-arrow`]: { borderColor: theme.palette.background.paper },
  };
}

/**
 * The guided tour (spec 01 §4). Mounted by the home screen only, so leaving / or logging out
 * (which leaves the home screen) unmounts it and destroys the tour.
 */
export function HomeTour() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const { search, pathname } = useLocation();
  const automated = typeof navigator !== 'undefined' && navigator.webdriver === true;
  const disabled = pathname !== '/' || isTourDisabled(search, automated);

  useEffect(() => {
    if (disabled) return undefined;
    let tour: ReturnType<typeof driver> | null = null;
    const timer = window.setTimeout(() => {
      const steps = pendingSteps(storage, (selector) => document.querySelector(selector) !== null);
      if (steps.length === 0) return;
      const aria = createAriaKeeper();
      tour = driver({
        popoverClass: POPOVER_CLASS,
        stagePadding: 8,
        stageRadius: 12,
        overlayOpacity: 0.55,
        showProgress: steps.length > 1,
        progressText: t('tour.progress', { current: '{{current}}', total: '{{total}}' }),
        nextBtnText: t('tour.next'),
        prevBtnText: t('tour.previous'),
        doneBtnText: t('tour.done'),
        animate: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
        onDeselected: (element) => aria.onDeselected(element),
        // driver.js names its close button in English; the portal's own word instead.
        onPopoverRender: (popover) =>
          popover.closeButton.setAttribute('aria-label', t('common.close')),
        steps: steps.map((step) => ({
          element: step.selector,
          popover: {
            title: t(`tour.steps.${step.id}.title`),
            description: t(`tour.steps.${step.id}.body`),
          },
          onHighlightStarted: (element) => {
            aria.onHighlightStarted(element);
            markStepSeen(storage, step.id);
          },
        })),
      });
      tour.drive();
    }, TOUR_START_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      tour?.destroy();
    };
  }, [disabled, storage, t]);

  return <GlobalStyles styles={tourStyles} />;
}

import { TOUR_START_DELAY_MS } from '@portal/domain';
import { driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServices } from '../../lib/services';
import { isTourDisabled, markStepSeen, pendingSteps } from './tour';

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
      tour = driver({
        showProgress: steps.length > 1,
        progressText: t('tour.progress', { current: '{{current}}', total: '{{total}}' }),
        nextBtnText: t('tour.next'),
        prevBtnText: t('tour.previous'),
        doneBtnText: t('tour.done'),
        animate: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
        steps: steps.map((step) => ({
          element: step.selector,
          popover: {
            title: t(`tour.steps.${step.id}.title`),
            description: t(`tour.steps.${step.id}.body`),
          },
          onHighlightStarted: () => markStepSeen(storage, step.id),
        })),
      });
      tour.drive();
    }, TOUR_START_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      tour?.destroy();
    };
  }, [disabled, storage, t]);

  return null;
}

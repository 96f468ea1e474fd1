import { WEIGHT_IMPORT_NOTIFICATION_DELAY_MS } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithReload } from '../../lib/chunk-reload';
import { useTranslation } from '../../lib/i18n-react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/services';
import { useImportWeightData } from '../../lib/weight/use-import-weight-data';

// Issue 16: the dialog (with zod and the form fields it brings, ~50 KB gzip) loads when a link
// opens it, not with home's first paint.
const WeightEditDialog = lazy(
  lazyWithReload(async () => ({
    default: (await import('../../lib/weight/weight-edit-dialog')).WeightEditDialog,
  })),
);

// Spec 01 §2: on home, `weightData` records dot-separated date_value weights (once each; the
// confirmation shows after 7000 ms, C112 on failure) and `editWeight=true` opens the weight
// edit dialog (the tour stays away: tour.ts). The weightTracker module links to the latter.

type Notice = { severity: 'success' | 'info' | 'error'; text: string };

export function WeightHomeEffects() {
  const { t } = useTranslation();
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const importer = useImportWeightData();
  const sent = useRef<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const weightData = params.get('weightData');
  const editOpen = params.get('editWeight') === 'true';
  // Mounted from its first opening on, so closing it plays the dialog's exit transition.
  const [dialogWanted, setDialogWanted] = useState(editOpen);
  if (editOpen && !dialogWanted) setDialogWanted(true);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The confirmation's timer is cleared only when home goes away: a later run of the effect
  // below (the session re-checked) must not drop a confirmation that is on its way.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useEffect(() => {
    if (status !== 'authenticated' || !weightData || sent.current === weightData) return;
    sent.current = weightData;
    const later = (n: Notice) => {
      timer.current = setTimeout(() => setNotice(n), WEIGHT_IMPORT_NOTIFICATION_DELAY_MS);
    };
    importer.mutate(weightData, {
      onSuccess: (result) =>
        later(
          result.recorded > 0
            ? { severity: 'success', text: t('weight.import.done', { count: result.recorded }) }
            : { severity: 'info', text: t('weight.import.nothingNew') },
        ),
      onError: () => setNotice({ severity: 'error', text: t('errors.C112') }),
    });
    // The import runs once per link; importer and t are stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, weightData]);

  const closeDialog = () =>
    setParams(
      (p) => {
        p.delete('editWeight');
        return p;
      },
      { replace: true },
    );

  return (
    <>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <WeightEditDialog open={editOpen} onClose={closeDialog} />
        </Suspense>
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={8000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} variant="filled">
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}

import {
  HEIGHT_ERROR_KEY,
  WEIGHT_ERROR_KEY,
  WEIGHT_UNIT,
  feetInchesToInches,
  hundredthsToPounds,
  heightFormSchema,
  inchesToFeetInches,
  poundsToHundredths,
  weightTextSchema,
} from '@portal/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  GetMeasurementChangeFormsDocument,
  InsertCustomerMeasurementDocument,
  InsertMeasurementChangeFormDocument,
} from '../../gql/graphql';
import { useAlerts } from '../../components/alerts/alert-context';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { useTranslation } from '../../lib/i18n-react';
import { useServices, useSession } from '../../lib/services';
import { MEASUREMENTS_KEY, type WeightSummary } from '../../lib/weight/use-measurements';

// Spec 02 §1, §5, §6 (issue 44): the customer sets a goal weight and a height, and asks the
// provider team to change the starting weight (only they change it). The same domain schemas
// as the server (weightTextSchema, heightFormSchema: 50 to 1400 lb, a valid height); a failed
// save is C110; an unchanged value saves nothing (spec 02 §4 "only changed, non-empty values").

const CHANGE_FORMS_KEY = [...MEASUREMENTS_KEY, 'changeForms'] as const;

type Editing = 'goal' | 'height' | 'start' | null;

function useChangeForms() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: CHANGE_FORMS_KEY,
    queryFn: async () =>
      (await graphql.request(GetMeasurementChangeFormsDocument)).measurementChangeForms,
    enabled: status === 'authenticated',
    retry: 1,
  });
}

function useMeasurementSave() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  const customerId = useCustomerQuery().data?.id;
  const measurement = useMutation({
    mutationFn: async (input: { type: 'goal_weight' | 'height'; value: number }) => {
      if (!customerId) throw new Error('no customer');
      return graphql.request(InsertCustomerMeasurementDocument, {
        customerId,
        type: input.type,
        value: input.value,
        unit: input.type === 'height' ? 'inches' : WEIGHT_UNIT,
        recordedAt: format(new Date(), 'yyyy-MM-dd'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
  const changeForm = useMutation({
    mutationFn: async (input: { startingWeight: number; reason: string }) => {
      if (!customerId) throw new Error('no customer');
      return graphql.request(InsertMeasurementChangeFormDocument, { customerId, ...input });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHANGE_FORMS_KEY }),
  });
  return { measurement, changeForm };
}

function Row({
  label,
  value,
  note,
  action,
}: {
  label: string;
  value: string;
  note?: string | null | undefined;
  action: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        py: 1,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
        {note ? (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        ) : null}
      </Box>
      {action}
    </Box>
  );
}

/** One dialog a value: a form with its fields, Cancel and Save; errors are message keys. */
function MeasureDialog({
  open,
  title,
  intro,
  busy,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  intro?: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `weight-goal-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {intro ? <Typography color="text.secondary">{intro}</Typography> : null}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('weight.goals.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('weight.goals.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The goal weight, height and starting weight, each with its way to change. */
export function WeightGoalsCard({ summary }: { summary: WeightSummary }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const { measurement, changeForm } = useMeasurementSave();
  const changeForms = useChangeForms();
  const [editing, setEditing] = useState<Editing>(null);
  const [weight, setWeight] = useState('');
  const [feet, setFeet] = useState('');
  const [inches, setInches] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: string; key: string } | null>(null);

  const lb = (v: number | null) =>
    v === null ? t('weight.page.notSet') : t('weight.lb', { value: v });
  const height =
    summary.height === null
      ? t('weight.page.notSet')
      : t('weight.goals.heightValue', inchesToFeetInches(summary.height));
  const pending = (changeForms.data ?? []).find(
    (f) => f.type === 'starting_weight' && f.status === 'pending',
  );

  const open = (which: Exclude<Editing, null>) => {
    setError(null);
    setReason('');
    if (which === 'height') {
      const h = summary.height === null ? null : inchesToFeetInches(summary.height);
      setFeet(h ? String(h.feet) : '');
      setInches(h ? String(h.inches) : '');
    } else {
      const current = which === 'goal' ? summary.goal : summary.start;
      setWeight(current === null ? '' : String(current));
    }
    setEditing(which);
  };
  const close = () => setEditing(null);
  const failed = () => {
    close();
    showAlert({ code: 'C110' });
  };
  const done = (messageKey: string) => {
    close();
    showAlert({ messageKey, severity: 'success' });
  };

  const saveGoal = () => {
    const parsed = weightTextSchema.safeParse(weight);
    if (!parsed.success) {
      setError({ field: 'weight', key: parsed.error.issues[0]?.message ?? WEIGHT_ERROR_KEY });
      return;
    }
    if (parsed.data === summary.goal) return close();
    measurement.mutate(
      { type: 'goal_weight', value: poundsToHundredths(parsed.data) },
      { onSuccess: () => done('weight.goals.goalSaved'), onError: failed },
    );
  };
  const saveHeight = () => {
    const parsed = heightFormSchema.safeParse({
      feet: feet.trim() === '' ? Number.NaN : Number(feet),
      inches: inches.trim() === '' ? 0 : Number(inches),
    });
    if (!parsed.success) {
      setError({ field: 'height', key: HEIGHT_ERROR_KEY });
      return;
    }
    const total = feetInchesToInches(parsed.data.feet, parsed.data.inches);
    if (total === summary.height) return close();
    measurement.mutate(
      { type: 'height', value: total },
      { onSuccess: () => done('weight.goals.heightSaved'), onError: failed },
    );
  };
  const askStart = () => {
    const parsed = weightTextSchema.safeParse(weight);
    if (!parsed.success) {
      setError({ field: 'weight', key: parsed.error.issues[0]?.message ?? WEIGHT_ERROR_KEY });
      return;
    }
    changeForm.mutate(
      { startingWeight: poundsToHundredths(parsed.data), reason: reason.trim() },
      { onSuccess: () => done('weight.goals.startRequested'), onError: failed },
    );
  };

  const weightField = (label: string) => (
    <TextField
      autoFocus
      label={label}
      inputMode="decimal"
      value={weight}
      onChange={(e) => setWeight(e.target.value)}
      error={error?.field === 'weight'}
      helperText={error?.field === 'weight' ? t(error.key) : t('weight.goals.weightHint')}
    />
  );
  const busy = measurement.isPending || changeForm.isPending;

  return (
    <Card component="section" aria-labelledby="weight-goals-title">
      <CardContent>
        <Typography id="weight-goals-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('weight.goals.title')}
        </Typography>
        <Row
          label={t('weight.goals.goalRow')}
          value={lb(summary.goal)}
          action={
            <Button variant="outlined" onClick={() => open('goal')}>
              {summary.goal === null ? t('weight.goals.setGoal') : t('weight.goals.changeGoal')}
            </Button>
          }
        />
        <Row
          label={t('weight.goals.height')}
          value={height}
          action={
            <Button variant="outlined" onClick={() => open('height')}>
              {summary.height === null
                ? t('weight.goals.setHeight')
                : t('weight.goals.changeHeight')}
            </Button>
          }
        />
        <Row
          label={t('weight.goals.startRow')}
          value={lb(summary.start)}
          note={
            pending
              ? t('weight.goals.startPending', { value: hundredthsToPounds(pending.value) })
              : t('weight.goals.startNote')
          }
          action={
            <Button variant="outlined" disabled={Boolean(pending)} onClick={() => open('start')}>
              {t('weight.goals.askStart')}
            </Button>
          }
        />
      </CardContent>
      <MeasureDialog
        open={editing === 'goal'}
        title={t('weight.goals.goalTitle')}
        busy={busy}
        onClose={close}
        onSubmit={saveGoal}
      >
        {weightField(t('weight.goals.goalLabel'))}
      </MeasureDialog>
      <MeasureDialog
        open={editing === 'height'}
        title={t('weight.goals.heightTitle')}
        busy={busy}
        onClose={close}
        onSubmit={saveHeight}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <TextField
            autoFocus
            label={t('weight.goals.feet')}
            inputMode="numeric"
            value={feet}
            onChange={(e) => setFeet(e.target.value)}
            error={error?.field === 'height'}
          />
          <TextField
            label={t('weight.goals.inches')}
            inputMode="numeric"
            value={inches}
            onChange={(e) => setInches(e.target.value)}
            error={error?.field === 'height'}
          />
        </Box>
        {error?.field === 'height' ? (
          <Typography role="alert" color="error" variant="body2">
            {t(error.key)}
          </Typography>
        ) : null}
      </MeasureDialog>
      <MeasureDialog
        open={editing === 'start'}
        title={t('weight.goals.startTitle')}
        intro={t('weight.goals.startIntro')}
        busy={busy}
        onClose={close}
        onSubmit={askStart}
      >
        {weightField(t('weight.goals.startLabel'))}
        <TextField
          label={t('weight.goals.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </MeasureDialog>
    </Card>
  );
}

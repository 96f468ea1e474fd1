import { WEIGHT_ERROR_KEY, needsWeightConfirmation, weightTextSchema } from '@portal/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useState } from 'react';
import { Controller, useForm, type Control, type ResolverResult } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../i18n-react';
import { formatCalendarDate } from '../format';
import { useCustomerQuery } from '../customer/use-customer';
import { summarizeMeasurements, useMeasurements } from './use-measurements';
import { useSaveWeight } from './use-save-weight';
import { useUpdateWeight } from './use-update-weight';

// Spec 02 §2: the weight edit dialog: weight input, edit options, edit weight, confirmation;
// one step at a time, back goes one step. Beyond the spec: an entry far from the others asks
// "Is this right?" before it is saved.

type Step =
  | { name: 'input' }
  | { name: 'options' }
  | { name: 'edit'; id: string; date: string; lb: number }
  | { name: 'check'; lb: number; save: () => void }
  | { name: 'confirmation' };

interface WeightFields {
  weight: string;
}
interface Weight {
  lb: number;
}

/**
 * The typed weight by the domain's rule (weightTextSchema: 50 to 1400 lb, at most two
 * decimals). The schema reads one string, not a form's fields, so it is run here rather than
 * through zodResolver; its message is the field's error.
 */
function weightResolver(fields: WeightFields): ResolverResult<WeightFields, Weight> {
  const parsed = weightTextSchema.safeParse(fields.weight);
  if (parsed.success) return { values: { lb: parsed.data }, errors: {} };
  const message = parsed.error.issues[0]?.message ?? WEIGHT_ERROR_KEY;
  return { values: {}, errors: { weight: { type: 'validate', message } } };
}

/** The weight box of the input and edit steps, with the field's error (a message key). */
function WeightInput({
  control,
  label,
}: {
  control: Control<WeightFields, unknown, Weight>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="weight"
      render={({ field, fieldState: { error } }) => (
        <TextField
          autoFocus
          fullWidth
          label={label}
          inputMode="decimal"
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(error)}
          helperText={error?.message ? t(error.message) : ' '}
        />
      )}
    />
  );
}

/** An entry to open the dialog on (the weight page's per-entry Edit); back leads to the list. */
export interface WeightEntryToEdit {
  id: string;
  date: string;
  lb: number;
}

export function WeightEditDialog({
  open,
  onClose,
  entry,
}: {
  open: boolean;
  onClose: () => void;
  entry?: WeightEntryToEdit | undefined;
}) {
  const { t } = useTranslation();
  const customer = useCustomerQuery().data;
  const measurements = useMeasurements();
  const summary = summarizeMeasurements(measurements.data ?? []);
  const save = useSaveWeight(customer?.id);
  const update = useUpdateWeight();
  const firstSteps = (): Step[] =>
    entry
      ? [{ name: 'input' }, { name: 'options' }, { name: 'edit', ...entry }]
      : [{ name: 'input' }];
  const [steps, setSteps] = useState<Step[]>(firstSteps);
  const typed = () => ({ weight: entry ? String(entry.lb) : '' });
  const { control, handleSubmit, setValue, setError, clearErrors, reset, formState } = useForm<
    WeightFields,
    unknown,
    Weight
  >({ resolver: weightResolver, defaultValues: typed() });
  const error = formState.errors.weight?.message;
  const step = steps.at(-1) ?? { name: 'input' };
  const today = format(new Date(), 'yyyy-MM-dd');

  const go = (next: Step) => {
    clearErrors();
    setSteps((s) => [...s, next]);
  };
  const back = () => {
    clearErrors();
    setSteps((s) => (s.length > 1 ? s.slice(0, -1) : s));
  };
  const close = () => {
    setSteps(firstSteps());
    reset(typed());
    onClose();
  };

  const submit = (run: (lb: number) => Promise<unknown>, date: string) =>
    handleSubmit(({ lb }) => {
      const commit = () => {
        run(lb).then(
          () => go({ name: 'confirmation' }),
          () => setError('weight', { message: 'errors.C110' }),
        );
      };
      const others = summary.entries.filter((e) => step.name !== 'edit' || e.id !== step.id);
      if (step.name !== 'check' && needsWeightConfirmation({ date, lb }, others)) {
        go({ name: 'check', lb, save: commit });
      } else {
        commit();
      }
    });

  const todays = summary.entries.filter((e) => e.date === today).at(-1);
  const title =
    step.name === 'options'
      ? t('weight.dialog.optionsTitle')
      : step.name === 'edit'
        ? t('weight.dialog.editTitle', { date: formatCalendarDate(step.date) })
        : step.name === 'check'
          ? t('weight.dialog.checkTitle')
          : step.name === 'confirmation'
            ? t('weight.dialog.confirmationTitle')
            : t('weight.dialog.title');

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="weight-dialog-title"
    >
      <DialogTitle id="weight-dialog-title">{title}</DialogTitle>
      {step.name === 'input' && (
        <form
          noValidate
          onSubmit={(e) =>
            void submit(
              (lb) =>
                todays
                  ? update.mutateAsync({ id: todays.id, lb })
                  : save.mutateAsync({ lb, date: today }),
              today,
            )(e)
          }
        >
          <DialogContent>
            <WeightInput control={control} label={t('weight.dialog.inputLabel')} />
            <Button onClick={() => go({ name: 'options' })} sx={{ mt: 1 }}>
              {t('weight.dialog.editEntries')}
            </Button>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('weight.dialog.close')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending || update.isPending}>
              {t('weight.dialog.save')}
            </Button>
          </DialogActions>
        </form>
      )}
      {step.name === 'options' && (
        <>
          <DialogContent>
            {summary.entries.length === 0 ? (
              <Typography>{t('weight.dialog.noEntries')}</Typography>
            ) : (
              <List dense>
                {[...summary.entries].reverse().map((entry) => (
                  <ListItemButton
                    key={entry.id}
                    onClick={() => {
                      setValue('weight', String(entry.lb));
                      go({ name: 'edit', id: entry.id, date: entry.date, lb: entry.lb });
                    }}
                  >
                    <ListItemText
                      primary={formatCalendarDate(entry.date)}
                      secondary={t('weight.lb', { value: entry.lb })}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={back}>{t('weight.dialog.back')}</Button>
          </DialogActions>
        </>
      )}
      {step.name === 'edit' && (
        <form
          noValidate
          onSubmit={(e) =>
            void submit((lb) => update.mutateAsync({ id: step.id, lb }), step.date)(e)
          }
        >
          <DialogContent>
            <WeightInput control={control} label={t('weight.dialog.editLabel')} />
          </DialogContent>
          <DialogActions>
            <Button onClick={back}>{t('weight.dialog.back')}</Button>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('weight.dialog.save')}
            </Button>
          </DialogActions>
        </form>
      )}
      {step.name === 'check' && (
        <>
          <DialogContent>
            <Typography>{t('weight.dialog.checkBody', { lb: step.lb })}</Typography>
            {error && (
              <Typography color="error" role="alert" sx={{ mt: 1 }}>
                {t(error)}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={back}>{t('weight.dialog.back')}</Button>
            <Button variant="contained" onClick={step.save}>
              {t('weight.dialog.confirmSave')}
            </Button>
          </DialogActions>
        </>
      )}
      {step.name === 'confirmation' && (
        <>
          <DialogContent>
            <Typography>{t('weight.dialog.confirmationBody')}</Typography>
          </DialogContent>
          <DialogActions>
            <Button component={RouterLink} to="/weight" onClick={close}>
              {t('weight.dialog.seeProgress')}
            </Button>
            <Button variant="contained" onClick={close}>
              {t('weight.dialog.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

import {
  itemCalculated,
  itemMax,
  itemMin,
  itemUnit,
  type QuestionnaireItem,
  type QuestionnaireResponseItemAnswer,
} from '@portal/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n-react';

type Answers = QuestionnaireResponseItemAnswer[];

/**
 * One question of a form page, by its FHIR item type: text, number with its unit, date,
 * yes/no, choice (radio) or multi-choice (checkboxes), a calculated read-only value, or text
 * to read (attachments have their own control, attachment-item.tsx). Every control has a
 * visible label; errors are tied to it for screen readers.
 */
export function FormItem({
  item,
  answers,
  error,
  calculated,
  onChange,
}: {
  item: QuestionnaireItem;
  answers: Answers;
  error: string | null;
  calculated: number | null;
  onChange: (answers: Answers) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const label = item.text ?? item.linkId;
  const required = item.required === true;
  const helper = error ? t(error, { defaultValue: t('forms.errors.invalid') }) : undefined;

  if (item.type === 'display') {
    return <Typography color="text.secondary">{label}</Typography>;
  }
  if (itemCalculated(item)) {
    return (
      <TextField
        label={label}
        value={calculated ?? ''}
        placeholder={t('forms.calculatedPending')}
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        helperText={t('forms.calculatedHelp')}
        fullWidth
      />
    );
  }
  if (item.type === 'boolean' || item.type === 'choice') {
    const options =
      item.type === 'boolean'
        ? [
            { code: 'true', display: t('forms.yes') },
            { code: 'false', display: t('forms.no') },
          ]
        : (item.answerOption ?? []).map((o) => ({
            code: o.valueCoding?.code ?? '',
            display: o.valueCoding?.display ?? o.valueCoding?.code ?? '',
          }));
    const selected =
      item.type === 'boolean'
        ? answers.map((a) => String(a.valueBoolean))
        : answers.map((a) => a.valueCoding?.code ?? '');
    const toAnswer = (code: string): QuestionnaireResponseItemAnswer =>
      item.type === 'boolean' ? { valueBoolean: code === 'true' } : { valueCoding: { code } };
    return (
      <FormControl component="fieldset" error={!!error} required={required}>
        <FormLabel component="legend" id={labelId} sx={{ color: 'text.primary', mb: 0.5 }}>
          {label}
        </FormLabel>
        {item.repeats ? (
          <FormGroup aria-describedby={helper ? helpId : undefined}>
            {options.map((o) => (
              <FormControlLabel
                key={o.code}
                label={o.display}
                control={
                  <Checkbox
                    checked={selected.includes(o.code)}
                    onChange={(e) =>
                      onChange(
                        e.target.checked
                          ? [...answers, toAnswer(o.code)]
                          : answers.filter((a) => a.valueCoding?.code !== o.code),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        ) : (
          <RadioGroup
            aria-labelledby={labelId}
            aria-describedby={helper ? helpId : undefined}
            value={selected[0] ?? ''}
            onChange={(e) => onChange([toAnswer(e.target.value)])}
          >
            {options.map((o) => (
              <FormControlLabel key={o.code} value={o.code} label={o.display} control={<Radio />} />
            ))}
          </RadioGroup>
        )}
        {helper ? <FormHelperText id={helpId}>{helper}</FormHelperText> : null}
      </FormControl>
    );
  }
  const numeric = item.type === 'integer' || item.type === 'decimal';
  const unit = itemUnit(item)?.display;
  const min = itemMin(item);
  const max = itemMax(item);
  const current = answers[0];
  const value =
    current?.valueString ??
    current?.valueDate ??
    (current?.valueInteger ?? current?.valueDecimal)?.toString() ??
    '';
  const change = (raw: string) => {
    if (raw.trim() === '') return onChange([]);
    if (item.type === 'integer') {
      const n = Number(raw);
      return onChange([Number.isInteger(n) ? { valueInteger: n } : { valueString: raw }]);
    }
    if (item.type === 'decimal') {
      const n = Number(raw);
      return onChange([Number.isFinite(n) ? { valueDecimal: n } : { valueString: raw }]);
    }
    if (item.type === 'date') return onChange([{ valueDate: raw }]);
    return onChange([{ valueString: raw }]);
  };
  return (
    <TextField
      label={label}
      required={required}
      value={value}
      onChange={(e) => change(e.target.value)}
      type={item.type === 'date' ? 'date' : 'text'}
      multiline={item.type === 'text'}
      minRows={item.type === 'text' ? 3 : undefined}
      error={!!error}
      helperText={helper}
      fullWidth
      slotProps={{
        // A unit sits at the end of the box: the label goes above it so a long label and a
        // long unit ("beats per minute") never overlap on a phone.
        inputLabel: item.type === 'date' || unit ? { shrink: true } : undefined,
        htmlInput: {
          inputMode: numeric ? (item.type === 'integer' ? 'numeric' : 'decimal') : undefined,
          maxLength: item.maxLength,
          min: typeof min === 'string' ? min : undefined,
          max: typeof max === 'string' ? max : undefined,
        },
        input: unit
          ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
}

import { formatPhone } from '@portal/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Trans, useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { fieldErrorsOf } from '../../lib/api/error-code';
import type { Customer } from '../../lib/customer/customer';
import { formatCalendarDate } from '../../lib/format';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/routes';
import { useContactForm } from './use-contact-form';
import { useSaveTosConsent } from './use-save-tos-consent';

export interface TreatmentOption {
  id: string;
  shortId: string;
  displayName: string;
}

interface Props {
  customer: Customer;
  state: string;
  /** More than one: the selector shows (spec 01 §2). */
  treatments: readonly TreatmentOption[];
  onContinue: (treatment: TreatmentOption) => void;
}

/** Spec 01 §2 step 1, §5: confirm contact details, the terms box, optional marketing consent. */
export function ContactStep({ customer, state, treatments, onContinue }: Props) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const termsHelpId = useId();
  const save = useSaveTosConsent(customer.id);
  // Checked with the server's schemas (contact-validation.ts), loaded on the first move.
  const form = useContactForm({
    treatmentShortId: treatments.length === 1 ? (treatments[0]?.shortId ?? '') : '',
    tosStatus: 'declined',
    marketingContentStatus: 'unsubscribed',
  });
  const { values, errors, setError, handleSubmit } = form;

  const submit = handleSubmit(async ({ treatmentShortId, ...consent }) => {
    const treatment = treatments.find((option) => option.shortId === treatmentShortId);
    try {
      await save.mutateAsync(consent);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        if (field === 'tosStatus' || field === 'marketingContentStatus') {
          setError(field, message);
        }
      }
      showAlert({ code: 'A103' });
      return;
    }
    if (treatment) onContinue(treatment);
  });

  const rows: [string, string][] = [
    [t('appointments.contact.name'), customer.full_name],
    [t('appointments.contact.dob'), customer.dob ? formatCalendarDate(customer.dob) : '—'],
    [t('appointments.contact.email'), customer.email],
    [t('appointments.contact.phone'), customer.phone ? formatPhone(customer.phone) : '—'],
    [t('appointments.contact.state'), state || '—'],
  ];

  return (
    <Card onPointerEnter={form.prefetch} onFocus={form.prefetch}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('appointments.contact.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('appointments.contact.intro')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1.5 },
            m: 0,
            mb: 3,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {treatments.length > 1 ? (
          <TextField
            select
            required
            fullWidth
            label={t('appointments.contact.treatment')}
            name="treatmentShortId"
            value={values.treatmentShortId}
            onChange={(e) => form.change('treatmentShortId', e.target.value)}
            onBlur={() => form.blur('treatmentShortId')}
            error={Boolean(errors.treatmentShortId)}
            helperText={errors.treatmentShortId ? t(errors.treatmentShortId) : undefined}
            sx={{ mb: 2 }}
          >
            {treatments.map((option) => (
              <MenuItem key={option.shortId} value={option.shortId}>
                {option.displayName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <FormControl error={Boolean(errors.tosStatus)} sx={{ display: 'flex', mb: 1 }}>
          <FormControlLabel
            sx={{ display: 'flex', alignItems: 'flex-start' }}
            control={
              <Checkbox
                name="tosStatus"
                checked={values.tosStatus === 'accepted'}
                onChange={(e) =>
                  form.change('tosStatus', e.target.checked ? 'accepted' : 'declined')
                }
                onBlur={() => form.blur('tosStatus')}
                slotProps={{
                  input: {
                    'aria-required': true,
                    'aria-invalid': Boolean(errors.tosStatus),
                    'aria-describedby': errors.tosStatus ? termsHelpId : undefined,
                  },
                }}
                sx={{ mt: -1 }}
              />
            }
            label={
              <Trans
                i18nKey="appointments.contact.terms"
                components={{
                  terms: <Link href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener" />,
                  privacy: <Link href={EXTERNAL_LINKS.privacy} target="_blank" rel="noopener" />,
                }}
              />
            }
          />
          {errors.tosStatus ? (
            <FormHelperText id={termsHelpId}>{t(errors.tosStatus)}</FormHelperText>
          ) : null}
        </FormControl>
        <FormControlLabel
          sx={{ display: 'flex', alignItems: 'flex-start', mb: 3 }}
          control={
            <Checkbox
              name="marketingContentStatus"
              checked={values.marketingContentStatus === 'subscribed'}
              onChange={(e) =>
                form.change(
                  'marketingContentStatus',
                  e.target.checked ? 'subscribed' : 'unsubscribed',
                )
              }
              onBlur={() => form.blur('marketingContentStatus')}
              sx={{ mt: -1 }}
            />
          }
          label={t('appointments.contact.marketing')}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={PATHS.appointments}>
            {t('appointments.contact.cancel')}
          </Button>
          {/* Spec 01 §5: Continue waits for the terms box and, where it shows, a treatment. */}
          <Button
            variant="contained"
            disabled={!form.isValid}
            loading={form.isSubmitting}
            onClick={() => void submit()}
          >
            {t('appointments.contact.continue')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

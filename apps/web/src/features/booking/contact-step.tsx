import { formatPhone, tosConsentSchema } from '@portal/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { UpsertTosConsentDocument } from '../../gql/graphql';
import type { Customer } from '../../lib/customer/use-customer';
import { formatCalendarDate } from '../../lib/format';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/routes';
import { useServices } from '../../lib/services';

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
  const { graphql } = useServices();
  const { showAlert } = useAlerts();
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [treatmentShortId, setTreatmentShortId] = useState(
    treatments.length === 1 ? (treatments[0]?.shortId ?? '') : '',
  );
  const treatment = treatments.find((option) => option.shortId === treatmentShortId);

  const save = useMutation({
    mutationFn: async () => {
      const consent = tosConsentSchema.parse({
        tosStatus: terms ? 'accepted' : 'declined',
        marketingContentStatus: marketing ? 'subscribed' : 'unsubscribed',
      });
      await graphql.request(UpsertTosConsentDocument, { customerId: customer.id, ...consent });
    },
    onSuccess: () => {
      if (treatment) onContinue(treatment);
    },
    onError: () => showAlert({ code: 'A103' }),
  });

  const rows: [string, string][] = [
    [t('appointments.contact.name'), customer.full_name],
    [t('appointments.contact.dob'), customer.dob ? formatCalendarDate(customer.dob) : '—'],
    [t('appointments.contact.email'), customer.email],
    [t('appointments.contact.phone'), customer.phone ? formatPhone(customer.phone) : '—'],
    [t('appointments.contact.state'), state || '—'],
  ];

  return (
    <Card>
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
            value={treatmentShortId}
            onChange={(e) => setTreatmentShortId(e.target.value)}
            sx={{ mb: 2 }}
          >
            {treatments.map((option) => (
              <MenuItem key={option.shortId} value={option.shortId}>
                {option.displayName}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <FormControlLabel
          sx={{ display: 'flex', alignItems: 'flex-start', mb: 1 }}
          control={
            <Checkbox
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              slotProps={{ input: { 'aria-required': true } }}
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
        <FormControlLabel
          sx={{ display: 'flex', alignItems: 'flex-start', mb: 3 }}
          control={
            <Checkbox
              checked={marketing}
              onChange={(e) => setMarketing(e.target.checked)}
              sx={{ mt: -1 }}
            />
          }
          label={t('appointments.contact.marketing')}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={PATHS.appointments}>
            {t('appointments.contact.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={!terms || !treatment}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('appointments.contact.continue')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BULK_ADMIN_FEE_CENTS_PER_MONTH,
  BULK_VIAL_OPTIONS,
  bulkOrderSchema,
  type BulkOrderInput,
} from '@portal/domain';
import { Controller, useForm } from 'react-hook-form';
import { SubmitButton } from '../../components/submit-button';
import { formatMoney } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';

/** Spec 02 §4, §5: the vial choice with the table's prices; none chosen is refused here. */
export function BulkVialForm({
  busy,
  onOrder,
}: {
  busy: boolean;
  onOrder: (order: BulkOrderInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(bulkOrderSchema),
    defaultValues: {},
  });
  return (
    <Card component="form" noValidate onSubmit={(ev) => void handleSubmit(onOrder)(ev)}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Controller
          control={control}
          name="vialCount"
          render={({ field, fieldState: { error } }) => (
            <FormControl error={Boolean(error)} fullWidth>
              <FormLabel id="bulk-vials-label" sx={{ mb: 1, fontWeight: 600 }}>
                {t('bulk.order.choose')}
              </FormLabel>
              <RadioGroup
                aria-labelledby="bulk-vials-label"
                name={field.name}
                ref={field.ref}
                value={field.value === undefined ? '' : String(field.value)}
                onChange={(_ev, value) => field.onChange(Number(value))}
                onBlur={field.onBlur}
              >
                <Stack spacing={1}>
                  {BULK_VIAL_OPTIONS.map((o) => (
                    <Box
                      key={o.vials}
                      sx={{
                        border: 1,
                        borderColor: field.value === o.vials ? 'primary.main' : 'divider',
                        borderRadius: 2,
                        px: 1.5,
                        py: 0.5,
                      }}
                    >
                      <FormControlLabel
                        value={String(o.vials)}
                        control={<Radio />}
                        sx={{ width: '100%', m: 0 }}
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                              {t('bulk.order.option', { count: o.vials })} ·{' '}
                              {t('bulk.order.perVial', { price: formatMoney(o.perVialCents) })}
                            </Typography>
                            <Typography component="span" variant="body2" color="text.secondary">
                              {t('bulk.order.total', { total: formatMoney(o.totalCents) })} ·{' '}
                              <s>
                                {t('bulk.order.fullPrice', {
                                  price: formatMoney(o.fullPriceCents),
                                })}
                              </s>
                            </Typography>
                          </Box>
                        }
                      />
                    </Box>
                  ))}
                </Stack>
              </RadioGroup>
              {error?.message ? (
                <FormHelperText role="alert">{t(error.message)}</FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('bulk.order.finePrint', { fee: formatMoney(BULK_ADMIN_FEE_CENTS_PER_MONTH) })}
        </Typography>
        <Box sx={{ mt: 3 }}>
          <SubmitButton loading={busy}>{t('bulk.order.submit')}</SubmitButton>
        </Box>
      </CardContent>
    </Card>
  );
}

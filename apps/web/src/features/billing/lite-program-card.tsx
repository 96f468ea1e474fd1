import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LITE_PROGRAM_WEEKLY_DOSE } from '@portal/domain';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-react';
import { useLiteProgramPricing } from './use-lite-program-pricing';

/**
 * Spec 02 §3, §9: the lite program (compounded semaglutide at 10 units, 0.25 mg, a week) with
 * its plan prices from GetLiteProgramPricing, beside the plan choice of a customer on its
 * treatment. Its plans are the provider's to prescribe, so this informs; it is not a choice.
 * Nothing shows while loading, on failure or for another treatment.
 */
export function LiteProgramCard({ planType }: { planType: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const lite = useLiteProgramPricing();
  const plans = (lite.data ?? []).filter((p) => p.treatment_short_id === planType);
  if (!plans.length) return null;
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          {t('billing.lite.title')}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>
          {t('billing.lite.dose', {
            units: LITE_PROGRAM_WEEKLY_DOSE.units,
            mg: LITE_PROGRAM_WEEKLY_DOSE.mg,
          })}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, mb: 1.5 }}>
          {plans.map((p) => (
            <li key={p.plan_duration}>
              {t('billing.lite.price', {
                count: p.plan_duration,
                price: formatMoney(p.plan_price),
              })}
            </li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('billing.lite.ask')}
        </Typography>
      </CardContent>
    </Card>
  );
}

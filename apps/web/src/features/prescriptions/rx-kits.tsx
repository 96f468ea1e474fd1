import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import type { Prescription } from '../../lib/treatment/use-prescriptions';
import { formatNumber } from './format';

type Kit = Prescription['kit_snapshots'][number];

/** Spec 02 §3 kit snapshots: catalog name, kit name, quantity, form, strength, refills. */
export function KitList({ kits }: { kits: readonly Kit[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {kits.map((kit) => (
        <Box
          component="li"
          key={kit.id}
          sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 1.5 }}
        >
          <Typography sx={{ fontWeight: 600 }}>{kit.catalog_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              kit.kit_name,
              kit.form,
              kit.strength ? t('prescriptions.details.strength', { strength: kit.strength }) : null,
              t('prescriptions.details.quantity', { count: kit.quantity }),
              t('prescriptions.details.refills', { count: kit.refills }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Dosing instructions of each medication kit, with the weekly dose in mg and in syringe units
 * for the kit's concentration (the server's reading of the domain's dose rule).
 */
export function DosingInstructions({ kits }: { kits: readonly Kit[] }) {
  const { t } = useTranslation();
  if (!kits.length) {
    return <Typography color="text.secondary">{t('prescriptions.details.noDosing')}</Typography>;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {kits.map((kit) => (
        <Box key={kit.id} sx={{ display: 'grid', gap: 1 }}>
          {kits.length > 1 ? (
            <Typography sx={{ fontWeight: 600 }}>{kit.catalog_name}</Typography>
          ) : null}
          {kit.weekly_dose_mg && kit.weekly_dose_units && kit.concentration_mg_per_ml ? (
            <Box
              data-testid="weekly-dose"
              sx={{ bgcolor: 'primary.light', borderRadius: 2, p: 1.5, display: 'grid', gap: 0.25 }}
            >
              <Typography variant="body2" sx={{ color: 'primary.dark', fontWeight: 600 }}>
                {t('prescriptions.details.weeklyDose')}
              </Typography>
              <Typography sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'primary.dark' }}>
                {t('prescriptions.details.dose', {
                  mg: formatNumber(kit.weekly_dose_mg),
                  units: formatNumber(kit.weekly_dose_units),
                })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'primary.dark' }}>
                {t('prescriptions.details.doseSyringe', {
                  concentration: formatNumber(kit.concentration_mg_per_ml),
                })}
              </Typography>
            </Box>
          ) : null}
          <Typography>{kit.directions}</Typography>
        </Box>
      ))}
    </Box>
  );
}

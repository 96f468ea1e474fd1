import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { deviceTimeZone, timeZoneOptions } from './display-time-zone';

/**
 * Issue 43: "Show times in" on the appointments page, the same choice as the booking
 * dialog's: saved on the customer's record, so the cards, mails and calendar files follow it.
 */
export function TimeZoneSelect({
  timeZone,
  onChange,
  at,
}: {
  timeZone: string;
  onChange: (zone: string) => void;
  /** When the short names are read (PST or PDT): the next visit, or now. */
  at: Date;
}) {
  const { t, i18n } = useTranslation();
  const zones = useMemo(
    () =>
      timeZoneOptions({ at, language: i18n.language, device: deviceTimeZone(), extra: [timeZone] }),
    [at, i18n.language, timeZone],
  );
  return (
    <TextField
      select
      size="small"
      label={t('appointments.slots.timeZone')}
      value={timeZone}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
    >
      {zones.map((zone) => {
        const name = zone.nameKey ? t(zone.nameKey) : zone.name;
        const label = name === zone.short ? name : `${name} (${zone.short})`;
        return (
          <MenuItem key={zone.id} value={zone.id}>
            {zone.device ? t('appointments.zones.device', { zone: label }) : label}
          </MenuItem>
        );
      })}
    </TextField>
  );
}

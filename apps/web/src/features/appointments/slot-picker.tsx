import { groupSlotsByTimeOfDay, splitGroup, TIME_GROUPS } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { DayStrip } from './day-strip';
import { deviceTimeZone, timeZoneOptions } from './display-time-zone';
import { formatClockWithZone } from './format-time';
import { ANY_PROVIDER, type Availability, type SlotView } from './use-slots';

export { ANY_PROVIDER };

export interface ProviderOption {
  id: string;
  name: string;
}

interface Props {
  /** The day strip and the shown day's times (useAvailability). */
  availability: Availability;
  /** The zone times are shown in, and the customer's change of it (issue 9). */
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  /** The customer's own zone, offered in the zone picker beside the US zones. */
  customerTimeZone?: string | null;
  /** The review step is open: the picker keeps its day, expanded groups and scroll. */
  hidden?: boolean;
  providerId: string;
  onProviderChange: (providerId: string) => void;
  extraProviders?: readonly ProviderOption[];
  onSelect: (slot: SlotView) => void;
}

/**
 * Spec 01 §2, §9: provider select, zone select, day strip with its label, grouped times with
 * See more. The dialogs keep it mounted (hidden) during the review step, so cancelling the
 * review comes back to the same day with focus on the time that was chosen.
 */
export function SlotPicker(props: Props) {
  const { t, i18n } = useTranslation();
  const { availability, timeZone, providerId, hidden = false } = props;
  const { choice, days, slots } = availability;
  const loading = availability.isPending;
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const chosenButton = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!hidden && chosenButton.current?.isConnected) chosenButton.current.focus();
  }, [hidden]);

  const zones = useMemo(
    () =>
      timeZoneOptions({
        at: slots?.[0]?.start ?? new Date(),
        language: i18n.language,
        device: deviceTimeZone(),
        extra: [props.customerTimeZone, timeZone],
      }),
    [slots, i18n.language, props.customerTimeZone, timeZone],
  );

  const providers = useMemo(() => {
    const byId = new Map<string, string>();
    for (const option of props.extraProviders ?? []) byId.set(option.id, option.name);
    for (const provider of availability.providers) byId.set(provider.id, provider.name);
    return [...byId.entries()].map(([id, name]) => ({ id, name }));
  }, [availability.providers, props.extraProviders]);

  const activeDay = availability.day;
  const groups = useMemo(
    () => (slots && activeDay ? groupSlotsByTimeOfDay(slots, timeZone) : null),
    [slots, activeDay, timeZone],
  );
  const fellBackTo =
    choice?.fellBack && choice.kind === 'provider'
      ? providers.find((p) => p.id === choice.providerId)?.name
      : null;

  return (
    <Box sx={{ display: hidden ? 'none' : 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          label={t('appointments.slots.provider')}
          value={providerId}
          onChange={(e) => {
            props.onProviderChange(e.target.value);
            availability.setDay(null);
            setExpanded({});
          }}
          fullWidth
        >
          <MenuItem value={ANY_PROVIDER}>{t('appointments.slots.anyProvider')}</MenuItem>
          {providers.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('appointments.slots.timeZone')}
          value={timeZone}
          // The chosen date stays chosen when it has times in the new zone too.
          onChange={(e) => props.onTimeZoneChange(e.target.value)}
          fullWidth
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
      </Box>
      {choice?.fellBack && !loading ? (
        <Alert severity="info">
          {fellBackTo
            ? t('appointments.slots.fellBackTo', { provider: fellBackTo })
            : t('appointments.slots.fellBackAny')}
        </Alert>
      ) : null}
      {loading ? (
        <Box aria-busy="true" aria-label={t('appointments.slots.loading')}>
          <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : null}
      {!loading && days.length === 0 ? <Typography>{t('errors.T101')}</Typography> : null}
      {!loading && activeDay ? (
        <>
          <DayStrip
            days={days}
            active={activeDay}
            visible={!hidden}
            onChange={(value) => {
              availability.setDay(value);
              setExpanded({});
            }}
          />
          {availability.isDayPending ? (
            <Box aria-busy="true" aria-label={t('appointments.slots.loading')}>
              <Skeleton variant="rounded" height={120} />
            </Box>
          ) : null}
          {groups
            ? TIME_GROUPS.map((group) => {
                const list = groups[group];
                if (!list.length) return null;
                const split = splitGroup(list);
                const open = expanded[group] ?? false;
                const visible = open ? [...split.shown, ...split.more] : split.shown;
                return (
                  <Box
                    key={group}
                    component="section"
                    aria-label={t(`appointments.slots.group.${group}`)}
                  >
                    <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                      {t(`appointments.slots.group.${group}`)}
                    </Typography>
                    <Box
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))',
                        gap: 1,
                      }}
                    >
                      {visible.map((slot) => (
                        <Button
                          key={`${slot.providerId}-${slot.start.toISOString()}`}
                          variant="outlined"
                          sx={{ whiteSpace: 'nowrap', px: 1 }}
                          onClick={(event) => {
                            chosenButton.current = event.currentTarget;
                            props.onSelect(slot);
                          }}
                        >
                          {formatClockWithZone(slot.start, timeZone)}
                        </Button>
                      ))}
                    </Box>
                    {split.hasSeeMore && !open ? (
                      <Button
                        sx={{ mt: 1 }}
                        onClick={() => setExpanded((e) => ({ ...e, [group]: true }))}
                      >
                        {t('appointments.slots.seeMore')}
                      </Button>
                    ) : null}
                  </Box>
                );
              })
            : null}
        </>
      ) : null}
    </Box>
  );
}

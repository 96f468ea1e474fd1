import {
  chooseProvider,
  groupSlotsByTimeOfDay,
  slotsByDay,
  splitGroup,
  thinDuplicateStarts,
  TIME_GROUPS,
} from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKeyParts, formatClock } from './format-time';
import type { SlotView } from './use-slots';

export const ANY_PROVIDER = 'any';

export interface ProviderOption {
  id: string;
  name: string;
}

interface Props {
  slots: SlotView[] | undefined;
  loading: boolean;
  timeZone: string;
  providerId: string;
  onProviderChange: (providerId: string) => void;
  /** Most recent first: the fallback order when the chosen provider has no slot. */
  previousProviderIds: readonly string[];
  extraProviders?: readonly ProviderOption[];
  onSelect: (slot: SlotView) => void;
}

/** Spec 01 §2, §9: provider select, day strip with its label, grouped times with See more. */
export function SlotPicker(props: Props) {
  const { t } = useTranslation();
  const { slots, timeZone, providerId, previousProviderIds } = props;
  const [day, setDay] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  const providers = useMemo(() => {
    const byId = new Map<string, string>();
    for (const option of props.extraProviders ?? []) byId.set(option.id, option.name);
    for (const slot of slots ?? []) byId.set(slot.providerId, slot.providerName);
    return [...byId.entries()].map(([id, name]) => ({ id, name }));
  }, [slots, props.extraProviders]);

  const choice = useMemo(
    () =>
      chooseProvider({
        chosenProviderId: providerId === ANY_PROVIDER ? null : providerId,
        previousProviderIds,
        hasSlots: (id) => (slots ?? []).some((slot) => slot.providerId === id),
      }),
    [providerId, previousProviderIds, slots],
  );

  const shownSlots = useMemo(() => {
    const all = slots ?? [];
    return choice.kind === 'any'
      ? thinDuplicateStarts(all, Math.random)
      : all.filter((slot) => slot.providerId === choice.providerId);
  }, [slots, choice]);

  const days = useMemo(() => slotsByDay(shownSlots, timeZone), [shownSlots, timeZone]);
  const activeDay = days.find((d) => d.date === day) ?? days[0];
  const groups = useMemo(
    () => (activeDay ? groupSlotsByTimeOfDay(activeDay.slots, timeZone) : null),
    [activeDay, timeZone],
  );
  const fellBackTo =
    choice.fellBack && choice.kind === 'provider'
      ? providers.find((p) => p.id === choice.providerId)?.name
      : null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label={t('appointments.slots.provider')}
        value={providerId}
        onChange={(e) => {
          props.onProviderChange(e.target.value);
          setDay(null);
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
      {choice.fellBack && !props.loading ? (
        <Alert severity="info">
          {fellBackTo
            ? t('appointments.slots.fellBackTo', { provider: fellBackTo })
            : t('appointments.slots.fellBackAny')}
        </Alert>
      ) : null}
      {props.loading ? (
        <Box aria-busy="true" aria-label={t('appointments.slots.loading')}>
          <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : null}
      {!props.loading && days.length === 0 ? <Typography>{t('errors.T101')}</Typography> : null}
      {!props.loading && activeDay ? (
        <>
          <ToggleButtonGroup
            exclusive
            value={activeDay.date}
            onChange={(_e, value: string | null) => {
              if (value) {
                setDay(value);
                setExpanded({});
              }
            }}
            aria-label={t('appointments.slots.days')}
            sx={{
              display: 'flex',
              overflowX: 'auto',
              gap: 1,
              pb: 1,
              '& .MuiToggleButtonGroup-grouped': {
                border: 1,
                borderColor: 'divider',
                borderRadius: '8px !important',
                ml: '0 !important',
              },
            }}
          >
            {days.map((d) => {
              const parts = dayKeyParts(d.date);
              return (
                <ToggleButton
                  key={d.date}
                  value={d.date}
                  sx={{ flex: '0 0 auto', flexDirection: 'column', minWidth: 88, py: 1 }}
                >
                  <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                    {parts.weekday}
                  </Typography>
                  <Typography component="span" variant="body2">
                    {parts.date}
                  </Typography>
                  {d.label ? (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t(`appointments.slots.label.${d.label}`)}
                    </Typography>
                  ) : null}
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
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
                        gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
                        gap: 1,
                      }}
                    >
                      {visible.map((slot) => (
                        <Button
                          key={`${slot.providerId}-${slot.start.toISOString()}`}
                          variant="outlined"
                          sx={{ whiteSpace: 'nowrap' }}
                          onClick={() => props.onSelect(slot)}
                        >
                          {formatClock(slot.start, timeZone)}
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

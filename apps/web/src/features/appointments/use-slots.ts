import {
  chooseProvider,
  slotsByDay,
  thinDuplicateStarts,
  type AvailabilityLabel,
  type ProviderChoice,
  type SlotWindow,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import {
  GetAvailabilitySummaryDocument,
  GetAvailableProvidersDocument,
  GetAvailableSlotsDocument,
} from '../../gql/graphql';
import { useServices } from '../../lib/services';

export interface SlotView {
  start: Date;
  end: Date;
  providerId: string;
  providerName: string;
}

export interface SlotSearch {
  state: string;
  treatmentId: string;
  window: SlotWindow;
  forReschedule: boolean;
}

/** The provider select's value for "Any available provider". */
export const ANY_PROVIDER = 'any';

export interface Availability {
  /** Providers with a free slot in the window (for the provider select and the fallback). */
  providers: { id: string; name: string }[];
  /** Who the times are shown for: the chosen provider, a fallback, or any (spec 01 §9). */
  choice: ProviderChoice | null;
  /** The day strip: each local day with a free slot, with its label. */
  days: { date: string; label: AvailabilityLabel | null }[];
  /** The day shown (the chosen one if it is in the strip, else the first). */
  day: string | null;
  setDay: (date: string | null) => void;
  /** The shown day's times; undefined while they load. */
  slots: SlotView[] | undefined;
  /** The strip, or the first day's times, are not known yet. */
  isPending: boolean;
  /** The strip is shown; the day's times are on their way. */
  isDayPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

function variablesOf(search: SlotSearch) {
  return {
    state: search.state,
    treatmentId: search.treatmentId,
    startTime: search.window.earliest.toISOString(),
    endTime: search.window.latest.toISOString(),
    forReschedule: search.forReschedule,
  };
}

/**
 * Issue 16: the dialog asks for what it shows. The day strip (availabilitySummary: each day's
 * label, for the provider shown or any) comes with the first day's times (its firstDay), so the
 * first paint is one request; another day's times are asked when it is shown (availableSlots
 * with day and timeZone). Issue 46: who has a free time at all (the provider select and the
 * fallback) is its own question: for any provider it is asked after the strip, so the times
 * paint without waiting for it; a chosen provider's strip is asked beside it, and its times
 * wait for it, to know whether to fall back. Any available provider gets one provider per start,
 * picked at random by the server (spec 01 §9); the chosen provider without slots falls back as
 * chooseProvider says.
 */
export function useAvailability({
  search,
  providerId,
  previousProviderIds,
  timeZone,
}: {
  search: SlotSearch | null;
  providerId: string;
  previousProviderIds: readonly string[];
  timeZone: string;
}): Availability {
  const { graphql } = useServices();
  const [chosenDay, setDay] = useState<string | null>(null);
  const searchKey = [
    search?.state,
    search?.treatmentId,
    search?.forReschedule,
    search?.window.earliest.toISOString().slice(0, 13),
  ];
  const stripFor = (forProvider: string | null) => ({
    queryKey: ['availability-summary', ...searchKey, timeZone, forProvider],
    queryFn: async () => {
      if (!search) return { days: [], firstDay: null };
      const { availabilitySummary } = await graphql.request(GetAvailabilitySummaryDocument, {
        ...variablesOf(search),
        providerId: forProvider,
        timeZone,
        firstDay: true,
      });
      return availabilitySummary;
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const anyProvider = providerId === ANY_PROVIDER;
  // Any provider's strip is asked first, and the providers once it has answered well: on one core
  // (an embedded database runs on the server's event loop) two questions side by side both
  // answer late. The same query as `any` below, which also covers a fallback to any provider.
  const anyFirst = useQuery({ ...stripFor(null), enabled: Boolean(search) && anyProvider });
  const withSlots = useQuery({
    queryKey: ['available-providers', ...searchKey],
    queryFn: async () => {
      if (!search) return [];
      const { availabilitySummary } = await graphql.request(GetAvailableProvidersDocument, {
        ...variablesOf(search),
        timeZone,
      });
      return availabilitySummary.providers;
    },
    enabled: Boolean(search) && (!anyProvider || anyFirst.isSuccess),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const choice: ProviderChoice | null =
    anyProvider || withSlots.data
      ? chooseProvider({
          chosenProviderId: anyProvider ? null : providerId,
          previousProviderIds,
          hasSlots: (id) => (withSlots.data ?? []).some((p) => p.id === id),
        })
      : null;
  const shownProvider =
    choice === null ? providerId : choice.kind === 'provider' ? choice.providerId : null;
  const any = useQuery({
    ...stripFor(null),
    enabled: Boolean(search) && shownProvider === null,
  });
  const own = useQuery({
    ...stripFor(shownProvider),
    enabled: Boolean(search) && shownProvider !== null,
  });
  const summary = shownProvider === null ? any : own;
  const days = summary.data?.days ?? [];
  const day = days.find((d) => d.date === chosenDay)?.date ?? days[0]?.date ?? null;

  // The first day's times as the strip brought them (thinned by the server for any provider).
  const firstDay = summary.data?.firstDay ?? null;
  const firstDaySlots: SlotView[] | undefined =
    firstDay && firstDay.date === day
      ? firstDay.slots.map((s) => ({
          start: new Date(s.start),
          end: new Date(s.end),
          providerId: s.providerId,
          providerName: s.providerName,
        }))
      : undefined;

  const daySlots = useQuery({
    queryKey: ['day-slots', ...searchKey, timeZone, shownProvider, day],
    queryFn: async (): Promise<SlotView[]> => {
      if (!search || !day) return [];
      const { availableSlots } = await graphql.request(GetAvailableSlotsDocument, {
        ...variablesOf(search),
        providerId: shownProvider,
        distinctStart: shownProvider === null,
        day,
        timeZone,
      });
      const all = availableSlots.map((raw) => ({
        start: new Date(raw.start),
        end: new Date(raw.end),
        providerId: raw.provider.id,
        providerName: raw.provider.displayName,
      }));
      // The server answers for the day asked; keep to it and to one provider per start anyway.
      const ofDay = slotsByDay(all, timeZone).find((d) => d.date === day)?.slots ?? [];
      return shownProvider === null ? thinDuplicateStarts(ofDay, Math.random) : ofDay;
    },
    enabled:
      Boolean(search) &&
      choice !== null &&
      summary.isSuccess &&
      day !== null &&
      firstDaySlots === undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  // The strip's failure first: it is the one the customer waits on (and its alert stays put).
  const failed = [any, own, daySlots, withSlots].find((q) => q.isError);
  // The first paint is the strip with the first day's times (issue 16): until then (again after
  // a change of zone or provider) the picker shows its skeleton; other days load under the strip.
  const stripKey = `${timeZone}|${shownProvider ?? ANY_PROVIDER}`;
  const [shownStrip, setShownStrip] = useState<string | null>(null);
  const dayShown = firstDaySlots !== undefined || daySlots.isSuccess;
  if (dayShown && shownStrip !== stripKey) setShownStrip(stripKey);
  const firstDayShown = shownStrip === stripKey;
  const stripPending = choice === null || summary.isPending;
  const isPending =
    Boolean(search) && (stripPending || (!firstDayShown && day !== null && !dayShown));
  return {
    providers: (withSlots.data ?? []).map((p) => ({ id: p.id, name: p.displayName })),
    choice,
    days,
    day,
    setDay,
    slots: firstDaySlots ?? daySlots.data,
    isPending,
    isDayPending: !isPending && day !== null && !dayShown,
    isError: Boolean(failed),
    error: failed?.error ?? null,
    refetch: () =>
      Promise.all([
        withSlots.refetch(),
        shownProvider === null ? any.refetch() : own.refetch(),
        day === null || firstDaySlots !== undefined ? undefined : daySlots.refetch(),
      ]),
  };
}

/** Spec 01 §8: T100 when times cannot be loaded, T101 when there are none for the place. */
export function useSlotsErrorAlert(error: unknown) {
  const { showAlert } = useAlerts();
  useEffect(() => {
    if (error) showAlert({ code: errorCodeOf(error, ['T100', 'T101'], 'T100') });
  }, [error, showAlert]);
}

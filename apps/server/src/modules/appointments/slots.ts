import {
  ADHOC_SLOT_LIMIT,
  availabilityLabel,
  localDayWindow,
  generateSlots,
  narrowWindow,
  removeBooked,
  thinDuplicateStarts,
  type AvailabilityLabel,
  type SlotWindow,
  type TimeRange,
} from '@portal/domain';
import type { Clock } from '../../platform/clock';
import { searchWindow } from './search-window';
import type { AvailabilityStore, FreeSlotRow, NamedFreeSlotRow } from './availability-store';
import { codedError } from '../../platform/errors';
import type { BookedRange, ScheduleBlockRow, SlotCandidates, SlotStore } from './slot-store';
import type { AppointmentStore } from './store';
import type { ProviderRow, TreatmentRow } from './types';

export interface ProviderSlot extends TimeRange {
  provider: ProviderRow;
}

export interface SlotQuery {
  state: string | null;
  treatmentId: string;
  providerId?: string | null;
  language?: string | null;
  window: SlotWindow;
  holdsAt?: Date;
  viewerId?: string | null;
}

function groupBy<T extends { providerId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.providerId);
    if (group) group.push(row);
    else groups.set(row.providerId, [row]);
  }
  return groups;
}

/**
 * Free slots: the weekly hours of every provider licensed in the state who sees the
 * treatment, minus their live bookings. Two SQL queries (run together), then generation in
 * memory. Providers with the same zone, visit length and hours share one generated list (a
 * few such shapes cover hundreds of providers), and slots are bucketed by start instead of
 * sorted, so the work stays close to the size of the answer. Ordered by start, then by
 * provider name.
 */
export async function findFreeSlots(store: SlotStore, query: SlotQuery): Promise<ProviderSlot[]> {
  const filter = {
    state: query.state,
    treatmentId: query.treatmentId,
    providerId: query.providerId ?? null,
    language: query.language ?? null,
    ...(query.holdsAt && { holdsAt: query.holdsAt }),
    viewerId: query.viewerId ?? null,
  };
  const [candidates, booked] = await Promise.all([
    store.slotCandidates(filter),
    store.bookedRanges({ ...filter, from: query.window.earliest, to: query.window.latest }),
  ]);
  const blocksByProvider = groupBy<ScheduleBlockRow>(candidates.blocks);
  const bookedByProvider = groupBy<BookedRange>(booked);
  const generated = new Map<string, TimeRange[]>();
  const byStart = new Map<number, ProviderSlot[]>();
  const providers = [...candidates.providers].sort(
    (a, b) => compare(a.displayName, b.displayName) || compare(a.id, b.id),
  );
  for (const provider of providers) {
    const schedule = blocksByProvider.get(provider.id) ?? [];
    const shape = `${provider.timeZone}|${provider.visitMinutes}|${schedule
      .map((b) => `${b.weekday}:${b.startMinute}-${b.endMinute}`)
      .sort()
      .join(',')}`;
    let slots = generated.get(shape);
    if (!slots) {
      slots = generateSlots({
        schedule,
        timeZone: provider.timeZone,
        visitMinutes: provider.visitMinutes,
        from: query.window.earliest,
        to: query.window.latest,
      });
      generated.set(shape, slots);
    }
    for (const slot of removeBooked(slots, bookedByProvider.get(provider.id) ?? [])) {
      const key = slot.start.getTime();
      const bucket = byStart.get(key);
      const entry = { start: slot.start, end: slot.end, provider };
      if (bucket) bucket.push(entry);
      else byStart.set(key, [entry]);
    }
  }
  return [...byStart.keys()].sort((a, b) => a - b).flatMap((key) => byStart.get(key) ?? []);
}

// Plain code-unit order: a stable tie-break, cheaper than a collator.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The provider, when a start is on their weekly hours (booked or not) with the given end: the
 * check before a booking. Whether it is free is left to the insert and the unique index.
 */
export async function providerOnSchedule(
  store: SlotStore,
  query: Omit<SlotQuery, 'window'> & { providerId: string; start: Date; end: Date },
): Promise<ProviderRow | null> {
  return scheduledProvider(await store.slotCandidates(query), query);
}

/** providerOnSchedule's rule over candidates already read (a booking reads them with its facts). */
export function scheduledProvider(
  candidates: SlotCandidates,
  slot: { start: Date; end: Date },
): ProviderRow | null {
  const provider = candidates.providers[0];
  if (!provider) return null;
  const [first] = generateSlots({
    schedule: candidates.blocks,
    timeZone: provider.timeZone,
    visitMinutes: provider.visitMinutes,
    from: slot.start,
    to: slot.start,
  });
  return first?.end.getTime() === slot.end.getTime() ? provider : null;
}

/** Whether a start is on a provider's weekly hours with the given end. */
export async function isOnSchedule(
  store: SlotStore,
  query: Omit<SlotQuery, 'window'> & { providerId: string; start: Date; end: Date },
): Promise<boolean> {
  return (await providerOnSchedule(store, query)) !== null;
}

export interface SlotSearch {
  state: string;
  treatmentId: string;
  startTime: Date;
  endTime?: Date | null;
  providerId?: string | null;
  language?: string | null;
  forReschedule?: boolean | null;
  /** The customer asking: their own live hold leaves a time free for them (issue 43). */
  viewerId?: string | null;
}

export interface SlotResult extends ProviderSlot {
  treatment: TreatmentRow;
}

export interface AvailabilitySummary {
  /** Providers with at least one free slot in the window, by name. */
  providers: ProviderRow[];
  /** Local days (in the asked zone) with a free slot, in date order, with their label. */
  days: { date: string; label: AvailabilityLabel | null }[];
  /**
   * When asked: the first day of the strip with its free slots (one provider per start, at
   * random, for any provider), so the dialog's first paint is one request.
   */
  firstDay: { date: string; slots: NamedFreeSlotRow[] } | null;
}

/** Which parts of the summary to compute (each is its own work in the database). */
export interface SummaryParts {
  firstDay?: boolean;
  /** The providers with a free slot; on unless turned off. */
  providers?: boolean;
  /** The day strip; on unless turned off. */
  days?: boolean;
}

/** The slot reads of spec 01 §7, in the server's window whatever the client asks. */
export class SlotService {
  constructor(
    private readonly slotStore: SlotStore,
    private readonly store: AppointmentStore,
    private readonly availability: AvailabilityStore,
    private readonly clock: Clock,
  ) {}

  private async searchWindow(search: SlotSearch) {
    const treatment = await this.store.treatmentById(search.treatmentId);
    if (!treatment) throw codedError('T101', 'No slots for this location and treatment.');
    const now = this.clock.now();
    const window = narrowWindow(
      searchWindow(now, {
        forReschedule: Boolean(search.forReschedule),
        treatmentShortId: treatment.shortId,
      }),
      search.startTime,
      search.endTime,
    );
    const filter = {
      state: search.state,
      treatmentId: treatment.id,
      providerId: search.providerId ?? null,
      language: search.language ?? null,
      holdsAt: now,
      viewerId: search.viewerId ?? null,
    };
    return { treatment, window, filter };
  }

  /**
   * The booking dialog's first question: the day strip (a label per local day of `timeZone`,
   * for the provider of the search or any provider) and who has a free time at all (the
   * provider select and its fallback). Both computed in the database, side by side.
   */
  async availabilitySummary(
    search: SlotSearch,
    timeZone: string,
    options: SummaryParts = {},
  ): Promise<AvailabilitySummary> {
    const { window, filter } = await this.searchWindow(search);
    if (!window) return { providers: [], days: [], firstDay: null };
    const range = { from: window.earliest, to: window.latest };
    const withProviders = options.providers ?? true;
    const withDays = options.days ?? true;
    if (!filter.providerId) {
      // Any provider (the dialog's first paint): the asked answers in one statement.
      const summary = await this.availability.summary(
        { ...filter, providerId: null },
        range,
        timeZone,
        { firstDay: options.firstDay ?? false, providers: withProviders, days: withDays },
      );
      return {
        providers: summary.providers,
        days: summary.days.map((d) => ({ date: d.date, label: availabilityLabel(d.count) })),
        firstDay: summary.firstDay,
      };
    }
    const [providers, days, firstDay] = await Promise.all([
      withProviders
        ? this.availability.providersWithSlots({ ...filter, providerId: null }, range)
        : [],
      withDays ? this.availability.dayCounts(filter, range, timeZone) : [],
      options.firstDay
        ? this.availability.firstDaySlots(filter, range, timeZone, { distinctStart: false })
        : null,
    ]);
    return {
      providers,
      days: days.map((d) => ({ date: d.date, label: availabilityLabel(d.count) })),
      firstDay: firstDay && {
        date: firstDay.date,
        slots: await this.named(firstDay.slots, providers),
      },
    };
  }

  /**
   * Slots with their provider's display name: from `known` (the providers list read beside
   * them: a provider with a free slot is in it), or else from one read of the providers.
   */
  private async named(
    slots: readonly FreeSlotRow[],
    known: readonly ProviderRow[],
  ): Promise<NamedFreeSlotRow[]> {
    const names = new Map(known.map((p) => [p.id, p.displayName]));
    const missing = [...new Set(slots.map((s) => s.providerId))].filter((id) => !names.has(id));
    for (const p of await this.slotStore.providersByIds(missing)) names.set(p.id, p.displayName);
    return slots.map((s) => ({ ...s, providerName: names.get(s.providerId) ?? '' }));
  }

  /**
   * The booking dialog's second question: the free slots of one local day, computed in the
   * database (spec 01 §9's random pick among providers free at one start included).
   */
  async daySlots(
    search: SlotSearch,
    day: { date: string; timeZone: string },
    options: { distinctStart?: boolean } = {},
  ): Promise<SlotResult[]> {
    const local = localDayWindow(day.date, day.timeZone);
    if (!local) return [];
    const narrowed = {
      ...search,
      startTime: new Date(Math.max(search.startTime.getTime(), local.earliest.getTime())),
      endTime: new Date(Math.min(search.endTime?.getTime() ?? Infinity, local.latest.getTime())),
    };
    const { treatment, window, filter } = await this.searchWindow(narrowed);
    if (!window) return [];
    const rows = await this.availability.freeSlots(
      filter,
      { from: window.earliest, to: window.latest },
      { distinctStart: options.distinctStart ?? false },
    );
    const providers = new Map<string, ProviderRow>();
    const ids = [...new Set(rows.map((r) => r.providerId))];
    for (const provider of await this.slotStore.providersByIds(ids)) {
      providers.set(provider.id, provider);
    }
    return rows.flatMap((row) => {
      const provider = providers.get(row.providerId);
      return provider ? [{ start: row.start, end: row.end, provider, treatment }] : [];
    });
  }

  async treatmentIdForShortId(shortId: string): Promise<string | undefined> {
    return (await this.store.treatmentByShortId(shortId))?.id;
  }

  /** GetAvailableSlots: free slots in the server's window, narrowed by the client's range. */
  async availableSlots(
    search: SlotSearch,
    options: { distinctStart?: boolean } = {},
  ): Promise<SlotResult[]> {
    const { treatment, window, filter } = await this.searchWindow(search);
    if (!window) return [];
    const slots = await findFreeSlots(this.slotStore, { ...filter, window });
    // Spec 01 §9: with several providers free at one start, one is kept at random.
    const kept = options.distinctStart ? thinDuplicateStarts(slots, Math.random) : slots;
    return kept.map((slot) => ({ ...slot, treatment }));
  }

  /** GetAvailableAdhocSlots: one provider's (or anyone's) slots, distinct by start, limit 100. */
  async adhocSlots(search: SlotSearch, limit: number): Promise<SlotResult[]> {
    const slots = await this.availableSlots(search);
    const seen = new Set<number>();
    const distinct = slots.filter((slot) => {
      const key = slot.start.getTime();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return distinct.slice(0, Math.max(0, Math.min(limit, ADHOC_SLOT_LIMIT)));
  }

  /** CheckTimeStillAvailable: the free slots at exactly this start (one per provider). */
  async slotsAt(search: Omit<SlotSearch, 'endTime'>): Promise<SlotResult[]> {
    return this.availableSlots({ ...search, endTime: search.startTime });
  }
}

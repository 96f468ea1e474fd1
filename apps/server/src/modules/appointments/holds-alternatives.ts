import { SLOT_ALTERNATIVES_COUNT, nearestAlternatives, type SlotWindow } from '@portal/domain';
import { codedError, type AppError } from '../../platform/errors';
import type { AvailabilityStore, FreeSlotRow } from './availability-store';
import type { SlotStore } from './slot-store';

/** A free time offered instead of a taken one, as the error's extensions carry it. */
export interface AlternativeView {
  start: string;
  end: string;
  providerId: string;
  providerName: string;
}

/**
 * How far either side of a taken start the nearest free times are looked for: a day first (a
 * provider's day has more than three times), then three when that day is full.
 */
const SEARCH_DAYS = [1, 3] as const;
const DAY_MS = 86_400_000;
/**
 * How long one answer serves every customer who loses the same time (issue 43 bench: 90 losers
 * of 10 slots at once asked the same question 9 times each; on PGlite, one connection, their
 * questions queued behind each other). An offered time taken meanwhile is refused by the
 * constraint like any other, with fresh alternatives.
 */
const SHARE_MS = 1_000;
const SHARED_MAX = 500;

export interface TakenSlot {
  providerId: string;
  start: Date;
  treatmentId: string;
  /** The customer's state (licensing), null when no address is on file. */
  state: string | null;
  /** The window a booking (or a move) may fall in. */
  window: SlotWindow;
  viewerId: string;
  now: Date;
}

/**
 * Issue 43: the three nearest free times to a taken one, the same provider's first, then any
 * provider's; computed in the database, live holds left out.
 */
export class SlotAlternatives {
  constructor(
    private readonly availability: AvailabilityStore,
    private readonly slotStore: SlotStore,
  ) {}

  private readonly shared = new Map<
    string,
    { until: number; answer: Promise<AlternativeView[]> }
  >();

  /**
   * The nearest free times, one answer shared for SHARE_MS by everyone who lost the same time
   * (in flight included). Everyone's live holds count as taken, the asker's too: the answer is
   * the same for all, and a customer's own hold is replaced by the next one they take anyway.
   */
  nearest(taken: TakenSlot): Promise<AlternativeView[]> {
    const now = taken.now.getTime();
    const key = [
      taken.providerId,
      taken.start.getTime(),
      taken.treatmentId,
      taken.state,
      taken.window.earliest.getTime() - now,
    ].join('|');
    const hit = this.shared.get(key);
    if (hit && hit.until > now && hit.until - SHARE_MS <= now) return hit.answer;
    if (this.shared.size >= SHARED_MAX) {
      for (const [k, v] of this.shared) if (v.until <= now) this.shared.delete(k);
      if (this.shared.size >= SHARED_MAX) this.shared.clear();
    }
    const answer = this.compute(taken);
    this.shared.set(key, { until: now + SHARE_MS, answer });
    // A failed question is not kept: the next loser asks again.
    answer.catch(() => this.shared.delete(key));
    return answer;
  }

  private async compute(taken: TakenSlot): Promise<AlternativeView[]> {
    const at = taken.start.getTime();
    const filter = { state: taken.state, treatmentId: taken.treatmentId, holdsAt: taken.now };
    let picked: FreeSlotRow[] = [];
    for (const days of SEARCH_DAYS) {
      const from = new Date(Math.max(taken.window.earliest.getTime(), at - days * DAY_MS));
      const to = new Date(Math.min(taken.window.latest.getTime(), at + days * DAY_MS));
      if (from > to) return [];
      const range = { from, to };
      const same = await this.availability.freeSlots(
        { ...filter, providerId: taken.providerId },
        range,
        { distinctStart: false },
      );
      picked = nearestAlternatives(taken, same, []);
      if (picked.length < SLOT_ALTERNATIVES_COUNT) {
        // Any provider: only when the same provider cannot fill the three.
        const any = await this.availability.freeSlots(filter, range, { distinctStart: false });
        picked = nearestAlternatives(taken, same, any);
      }
      if (picked.length >= SLOT_ALTERNATIVES_COUNT) break;
    }
    const providers = await this.slotStore.providersByIds([
      ...new Set(picked.map((s) => s.providerId)),
    ]);
    const names = new Map(providers.map((p) => [p.id, p.displayName]));
    return picked.map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      providerId: slot.providerId,
      providerName: names.get(slot.providerId) ?? '',
    }));
  }

  /** A102 slotTaken carrying the nearest free times. */
  async slotTaken(taken: TakenSlot): Promise<AppError> {
    const alternatives = await this.nearest(taken);
    return codedError('A102', 'This time was just taken.', {
      reason: 'slotTaken',
      answer: { alternatives },
    });
  }
}

/**
 * What an attempt on a slot learnt that the next attempt of this process on the same slot can
 * use: that a visit now starts there (it booked it, or the live-slot unique index refused it
 * because one does), with the treatment it resolved; or nothing.
 */
export type SlotOutcome =
  | { taken: true; customerId: string; treatmentShortId: string; treatmentId: string }
  | { taken: false };

const NOTHING_LEARNT: SlotOutcome = { taken: false };

/**
 * How long an attempt waits for the one before it on its slot before going on regardless: a
 * stuck attempt (a database that does not answer) must not hold every later one behind it.
 */
const WAIT_CAP_MS = 2_000;

/**
 * How long a slot's visit, once an attempt saw it, answers the later attempts of this process
 * on that slot. On PGlite a booking runs to its answer before the next request is even read
 * (the database's work is the event loop's), so the losers of a burst seldom overlap the
 * winner's flight; they arrive just after it. The same second as the alternatives' sharing
 * (holds-alternatives.ts): a visit cancelled elsewhere in that second is refused for what is
 * left of it; nothing is ever booked on the strength of this.
 */
const REMEMBER_MS = 1_000;
const REMEMBERED_MAX = 1_000;

/**
 * Issue 46: a per-slot single flight inside the process. Attempts on a slot (provider, start,
 * end) run one after the other here, each told what the one before it learnt: when that one
 * booked the slot, the next is answered from it without its own booking work (200 customers on
 * 20 slots were 180 losers each paying for facts, a locked statement and a rollback on one event
 * loop). Nothing here judges a slot free: the database still judges every attempt that books,
 * so several instances, each with its own flights, stay correct.
 */
export class SlotFlights {
  /** The last attempt on each slot: its outcome settles once it knows it. */
  private readonly tails = new Map<string, Promise<SlotOutcome>>();
  /** Slots whose visit an attempt saw, until when that still answers (REMEMBER_MS). */
  private readonly remembered = new Map<string, { outcome: SlotOutcome; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Slots with an attempt in flight (for tests: the map empties when the attempts end). */
  get size(): number {
    return this.tails.size;
  }

  /**
   * Runs `attempt` once the attempt before it on `slot` settled its outcome (or after
   * WAIT_CAP_MS), handing it that outcome. `attempt` calls `settle` as soon as it knows the
   * slot is taken, so the next is not kept waiting for what it does after (the mail); if it
   * never does, the next learns nothing and goes on.
   */
  async run<T>(
    slot: string,
    attempt: (before: SlotOutcome, settle: (outcome: SlotOutcome) => void) => Promise<T>,
  ): Promise<T> {
    const previous = this.tails.get(slot);
    let resolve: (outcome: SlotOutcome) => void = () => undefined;
    const mine = new Promise<SlotOutcome>((done) => (resolve = done));
    this.tails.set(slot, mine);
    let before: SlotOutcome = NOTHING_LEARNT;
    const settle = (outcome: SlotOutcome) => {
      // Only what an attempt saw itself is remembered: passing on what it was told does not
      // make that any newer.
      if (outcome.taken && outcome !== before) this.remember(slot, outcome);
      resolve(outcome);
    };
    try {
      before = previous ? await withinCap(previous) : this.recalled(slot);
      return await attempt(before, settle);
    } finally {
      resolve(NOTHING_LEARNT);
      if (this.tails.get(slot) === mine) this.tails.delete(slot);
    }
  }

  /** A visit of the slot is gone in this process (moved or cancelled): nothing is recalled. */
  forget(slot: string): void {
    this.remembered.delete(slot);
  }

  private recalled(slot: string): SlotOutcome {
    const kept = this.remembered.get(slot);
    if (kept && kept.until > this.now()) return kept.outcome;
    if (kept) this.remembered.delete(slot);
    return NOTHING_LEARNT;
  }

  private remember(slot: string, outcome: SlotOutcome): void {
    const now = this.now();
    if (this.remembered.size >= REMEMBERED_MAX) {
      for (const [key, kept] of this.remembered) if (kept.until <= now) this.remembered.delete(key);
      if (this.remembered.size >= REMEMBERED_MAX) this.remembered.clear();
    }
    this.remembered.set(slot, { outcome, until: now + REMEMBER_MS });
  }
}

function withinCap(outcome: Promise<SlotOutcome>): Promise<SlotOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const capped = new Promise<SlotOutcome>((resolve) => {
    timer = setTimeout(() => resolve(NOTHING_LEARNT), WAIT_CAP_MS);
    timer.unref();
  });
  return Promise.race([outcome, capped]).finally(() => clearTimeout(timer));
}

/** The flight key of a booking's slot. */
export function slotKey(slot: { providerId: string; start: Date; end: Date }): string {
  return `${slot.providerId}|${slot.start.getTime()}|${slot.end.getTime()}`;
}

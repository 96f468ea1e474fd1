/**
 * How long an instance trusts a "this session stands" answer without asking the database again.
 * Revocations do not wait for it: the instance that revokes forgets the sessions at once, and
 * every other instance forgets them when the revocation event reaches it (the live updates'
 * pub/sub: Redis when REDIS_URL is set). The TTL only bounds what a lost event could cost.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

/** Sessions remembered at most; the oldest answer goes first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  userId: string;
  /** When this answer stops being trusted (epoch ms): the TTL or the session's expiry. */
  until: number;
}

/**
 * Per-instance memory of access-token sessions that stood a moment ago (issue 16: one database
 * read per data API request was a large share of GetCustomerData's cost). Only positive answers
 * are kept; a refused session is asked again each time. `forget` drops sessions at once; an
 * answer read while a revocation happened is not kept (the read may predate the commit).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on every forget; a read that saw it move does not store its answer. */
  private generation = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {}

  /**
   * Whether the session stands: from memory while the answer is fresh, else from `read`, which
   * answers the session's expiry when it stands and undefined when it does not.
   */
  async stands(
    userId: string,
    sessionId: string,
    read: () => Promise<Date | undefined>,
  ): Promise<boolean> {
    const entry = this.entries.get(sessionId);
    if (entry && entry.userId === userId && entry.until > this.now()) return true;
    if (entry) this.entries.delete(sessionId);
    const generation = this.generation;
    const expiresAt = await read();
    if (!expiresAt) return false;
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(sessionId, {
        userId,
        until: Math.min(this.now() + this.ttlMs, expiresAt.getTime()),
      });
    }
    return true;
  }

  /** Ended sessions: their next request asks the database (and is refused). */
  forget(sessionIds: readonly string[]): void {
    this.generation += 1;
    for (const id of sessionIds) this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

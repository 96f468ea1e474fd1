import type { TimeOffInput, WeeklyHoursInput } from '@portal/domain';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import {
  ProviderHoursStore,
  type ProviderHours,
  type StrandedVisit,
  type TimeOffRow,
} from './provider-hours-store';

export type { ProviderHours, StrandedVisit, TimeOffRow };

/**
 * What an edit did: saved (with its value), not saved because booked visits would fall
 * outside the hours (unless confirmed), or null for an unknown provider.
 */
export type EditResult<T> =
  { saved: true; value: T } | { saved: false; stranded: StrandedVisit[] } | null;

/*
 * Providers' hours (issue 41): the weekly hours and time off the care console edits, inside
 * the caller's unit of work (the staff layer runs each edit as one audited staff action).
 * Availability and booking read the hours per question, so an edit shows at once.
 */
export class ProviderHoursService {
  private readonly store: ProviderHoursStore;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.store = new ProviderHoursStore(db);
  }

  list(): Promise<ProviderHours[]> {
    return this.store.list(this.clock.now());
  }

  async get(providerId: string): Promise<ProviderHours | null> {
    return (await this.store.list(this.clock.now(), providerId))[0] ?? null;
  }

  /** Replaces the weekly hours, unless that strands booked visits and `confirm` is not set. */
  async setHours(
    { tx, audit }: Work,
    providerId: string,
    input: WeeklyHoursInput,
  ): Promise<EditResult<null>> {
    const now = this.clock.now();
    const [current] = await this.store.list(now, providerId, tx);
    if (!current) return null;
    const stranded = await this.store.strandedByHours(tx, current.provider, input.blocks, now);
    if (stranded.length > 0 && !input.confirm) return { saved: false, stranded };
    await this.store.replaceHours(tx, providerId, input.blocks);
    await audit({ action: 'update', entity: 'provider', entityId: providerId });
    return { saved: true, value: null };
  }

  /** Adds time off, unless booked visits fall in it and `confirm` is not set. */
  async addTimeOff(
    { tx, audit }: Work,
    providerId: string,
    input: TimeOffInput,
    createdBy: string,
  ): Promise<EditResult<TimeOffRow>> {
    const now = this.clock.now();
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    const [current] = await this.store.list(now, providerId, tx);
    if (!current) return null;
    const stranded = await this.store.strandedByTimeOff(tx, providerId, startsAt, endsAt, now);
    if (stranded.length > 0 && !input.confirm) return { saved: false, stranded };
    const row = await this.store.addTimeOff(
      tx,
      { providerId, startsAt, endsAt, reason: input.reason || null },
      createdBy,
    );
    await audit({ action: 'create', entity: 'provider_time_off', entityId: row.id });
    return { saved: true, value: row };
  }

  /** Removes one time off entry; false when the provider has no such entry. */
  async removeTimeOff({ tx, audit }: Work, providerId: string, timeOffId: string) {
    const removed = await this.store.removeTimeOff(tx, providerId, timeOffId);
    if (removed) {
      await audit({ action: 'delete', entity: 'provider_time_off', entityId: timeOffId });
    }
    return removed;
  }
}

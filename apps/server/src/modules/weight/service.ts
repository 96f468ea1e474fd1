import { WEIGHT_UNIT, parseWeightData, type MeasurementInput } from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { codedError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { NotificationService } from '../notifications/service';
import {
  WeightReminders,
  type WeightReminderCustomers,
  type WeightReminderPreferences,
} from './reminders';
import { WeightStore, type MeasurementChangeFormRow, type MeasurementRow } from './store';

export type { MeasurementChangeFormRow, MeasurementRow };

/**
 * Weight tracking (spec 02 §3–§7, issue 13): a customer's weights, goal, starting weight and
 * height. Inputs arrive parsed by the domain schemas (bounds included); the database checks
 * the same bounds again. A starting weight, once there, changes only through a change request
 * the provider team decides (spec 02 §6). Saves fail as C110, loads as C111, imports as C112;
 * a load's or an import's fault travels as the coded error's cause, which only the log sees.
 */
export class WeightService {
  constructor(
    private readonly store: WeightStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    /** The weight tracker reminder's pass (the scheduler runs it; tests call it). */
    readonly reminders: WeightReminders,
    /** Tells the care console's open patient page of a new weight (issue 41). */
    private readonly events?: Events,
  ) {}

  async list(customerId: string, actor: AuditActor): Promise<MeasurementRow[]> {
    try {
      const rows = await this.store.list(customerId);
      await this.audit.record(actor, {
        action: 'read',
        entity: 'measurement',
        entityId: customerId,
        details: { operation: 'getCustomerMeasurements' },
      });
      return rows;
    } catch (error) {
      // The fault's text is for the log (the edges log a cause), never for the client.
      throw codedError('C111', 'Cannot load weight data.', { cause: error });
    }
  }

  /**
   * The customer's weights of the last `days` days (by this service's clock) for the care
   * console's patient page. Not audited here: the staff overview audits its read once.
   */
  async recentWeights(customerId: string, days: number): Promise<MeasurementRow[]> {
    const since = new Date(this.clock.now().getTime() - days * 86_400_000).toISOString();
    const rows = await this.store.list(customerId);
    return rows.filter((r) => r.type === 'weight' && r.recordedAt >= since.slice(0, 10));
  }

  changeForms(customerId: string): Promise<MeasurementChangeFormRow[]> {
    return this.store.changeForms(customerId);
  }

  /**
   * Saves the measurements that changed (spec 02 §4: only changed, non-empty values): a goal,
   * starting weight or height equal to the current one is skipped; weights are always entries.
   * A starting weight that exists already is refused (C110, reason startingWeightLocked).
   */
  async insert(
    customerId: string,
    inputs: MeasurementInput[],
    actor: AuditActor,
  ): Promise<MeasurementRow[]> {
    const rows = await this.uow.run(
      actor,
      async ({ tx, audit }) => {
        const saved: MeasurementRow[] = [];
        for (const input of inputs) {
          if (input.type !== 'weight') {
            const current = await this.store.latest(customerId, input.type, tx);
            if (input.type === 'starting_weight' && current) {
              throw codedError('C110', 'Only the provider team can change a starting weight.', {
                reason: 'startingWeightLocked',
              });
            }
            if (current && current.value === input.value) continue;
          }
          saved.push(
            await this.store.insert(tx, {
              customerId,
              type: input.type,
              value: input.value,
              unit: input.unit,
              recordedAt: input.recordedAt,
              source: 'manual',
            }),
          );
        }
        if (saved.length > 0) {
          await audit({
            action: 'create',
            entity: 'measurement',
            entityId: customerId,
            details: { types: saved.map((m) => m.type), ids: saved.map((m) => m.id) },
          });
        }
        return saved;
      },
      { lock: `measurements:${customerId}` },
    );
    if (rows.length > 0) await this.events?.staffCustomerChanged(customerId, 'weight');
    return rows;
  }

  /** updateWeightMeasurement: the customer's own weight entry; C110 when it is not theirs. */
  async updateWeight(
    customerId: string,
    id: string,
    value: number,
    actor: AuditActor,
  ): Promise<MeasurementRow> {
    return this.uow.run(actor, async ({ tx, audit }) => {
      const row = await this.store.updateWeight(tx, customerId, id, value, this.clock.now());
      if (!row) throw codedError('C110', 'No such weight entry.', { reason: 'notFound' });
      await audit({ action: 'update', entity: 'measurement', entityId: id, details: { value } });
      return row;
    });
  }

  /**
   * The home address's weightData: each day is recorded once (the same link twice records
   * nothing new). Returns how many entries were new and how many the link had that could not
   * be read (no date, zero value, out of bounds).
   */
  async importWeightData(
    customerId: string,
    weightData: string,
    actor: AuditActor,
  ): Promise<{ recorded: number; skipped: number; alreadyRecorded: number }> {
    const { entries, skipped } = parseWeightData(weightData);
    if (entries.length === 0) {
      throw codedError('C112', 'No weight entries to import.', { reason: 'empty' });
    }
    try {
      return await this.uow.run(actor, async ({ tx, audit }) => {
        const rows = await this.store.insertImported(
          tx,
          entries.map((e) => ({
            customerId,
            type: 'weight',
            value: e.value,
            unit: WEIGHT_UNIT,
            source: 'import',
            recordedAt: e.date,
          })),
        );
        if (rows.length > 0) {
          await audit({
            action: 'create',
            entity: 'measurement',
            entityId: customerId,
            details: { operation: 'importWeightData', ids: rows.map((r) => r.id) },
          });
        }
        return {
          recorded: rows.length,
          skipped,
          alreadyRecorded: entries.length - rows.length,
        };
      });
    } catch (error) {
      throw codedError('C112', 'Cannot import weight data.', { cause: error });
    }
  }

  /** InsertMeasurementChangeForm: asks the provider team to set a starting weight. */
  requestStartingWeight(
    customerId: string,
    input: { startingWeight: number; reason: string },
    actor: AuditActor,
  ): Promise<MeasurementChangeFormRow> {
    return this.uow.run(actor, async ({ tx, audit }) => {
      const form = await this.store.insertChangeForm(tx, {
        customerId,
        type: 'starting_weight',
        value: input.startingWeight,
        unit: WEIGHT_UNIT,
        reason: input.reason,
      });
      // The patient and the field names, never the weight or the reason (issue 41).
      await audit({
        action: 'create',
        entity: 'measurement_change_form',
        entityId: form.id,
        details: { customerId, fields: ['startingWeight', 'reason'] },
      });
      return form;
    });
  }

  /**
   * The provider team's decision (staff API). Approving records the starting weight, from the
   * care team, dated the day of the decision. Undefined when no pending request has that id.
   */
  decide(
    formId: string,
    decision: { decision: 'approved' | 'declined'; note?: string | undefined },
    actor: AuditActor,
  ): Promise<{ form: MeasurementChangeFormRow; measurement: MeasurementRow | null } | undefined> {
    const now = this.clock.now();
    return this.uow.run(actor, async ({ tx, audit }) => {
      const form = await this.store.decide(tx, formId, {
        status: decision.decision,
        decidedBy: actor.id ?? null,
        note: decision.note ?? null,
        now,
      });
      if (!form) return undefined;
      const measurement =
        form.status === 'approved'
          ? await this.store.insert(tx, {
              customerId: form.customerId,
              type: 'starting_weight',
              value: form.value,
              unit: form.unit,
              source: 'care_team',
              recordedAt: now.toISOString().slice(0, 10),
            })
          : null;
      await audit({
        action: 'update',
        entity: 'measurement_change_form',
        entityId: form.id,
        // The patient and the field names, never the decision or the note (issue 41).
        details: {
          customerId: form.customerId,
          fields: Object.keys(decision).filter(
            (k) => decision[k as keyof typeof decision] !== undefined,
          ),
          measurementId: measurement?.id ?? null,
        },
      });
      return { form, measurement };
    });
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createWeightService(deps: {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  customers: WeightReminderCustomers;
  preferences: WeightReminderPreferences;
  notifications: NotificationService;
  mailer: Mailer;
  publicUrl: string;
  events?: Events;
}): WeightService {
  const store = new WeightStore(deps.db);
  const reminders = new WeightReminders({
    store,
    customers: deps.customers,
    preferences: deps.preferences,
    notifications: deps.notifications,
    mailer: deps.mailer,
    uow: deps.uow,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
  });
  return new WeightService(store, deps.uow, deps.audit, deps.clock, reminders, deps.events);
}

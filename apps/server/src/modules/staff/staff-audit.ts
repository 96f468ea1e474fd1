import type { AuditActor, AuditEntry } from '../../platform/audit';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';

/*
 * One staff action, one audit row (issue 41: "Each staff action is audited with the staff
 * member, the patient and the names of the fields changed, never their values").
 *
 * The services a staff route calls audit their own writes, and some of those rows carry values
 * (a message type, a status, an address line would). A staff action runs them in one unit of
 * work whose `audit` only collects: the action's one row is written at the end, in the same
 * transaction, from the first collected entry's action, entity and id, with the patient and the
 * field names the caller gives. The other entries keep their entity, id and action under
 * `also` (a prescription's notification), never their details.
 *
 * A change with a processor in the middle is the exception: what follows the processor's answer
 * is a unit of work of its own, with its own row (a refund's outcome; the card a billed plan's
 * token saves), because no transaction is held open across a call to the processor.
 */

/** What a staff action's audit row says besides the staff actor. */
export interface StaffActionAudit {
  /** The patient the change concerns (the trail finds the row by it); null for none. */
  customerId: string | null;
  /** The names of the fields the staff member set, never their values. */
  fields: readonly string[];
}

/** The names of an input's fields that were given (undefined ones were not). */
export function givenFields(input: object): string[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
}

/**
 * Runs `body` as one staff action: exactly one audit row when it changed something (collected
 * an entry), none when it changed nothing (a missing reference). `audit` may depend on the
 * result, for a change found by another id than the patient's (a prescription's status).
 */
export function runStaffAction<T>(
  uow: UnitOfWork,
  actor: AuditActor,
  audit: StaffActionAudit | ((result: T) => StaffActionAudit),
  body: (work: Work) => Promise<T>,
  options: { lock?: string } = {},
): Promise<T> {
  return uow.run(
    actor,
    async (work) => {
      const entries: AuditEntry[] = [];
      const result = await body({
        tx: work.tx,
        audit: (entry) => {
          entries.push(entry);
          return Promise.resolve();
        },
      });
      const [primary, ...others] = entries;
      if (!primary) return result;
      const { customerId, fields } = typeof audit === 'function' ? audit(result) : audit;
      await work.audit({
        action: primary.action,
        entity: primary.entity,
        entityId: primary.entityId ?? null,
        details: {
          customerId,
          fields: [...fields],
          ...(others.length > 0
            ? {
                also: others.map((e) => ({
                  action: e.action,
                  entity: e.entity,
                  entityId: e.entityId ?? null,
                })),
              }
            : {}),
        },
      });
      return result;
    },
    options,
  );
}

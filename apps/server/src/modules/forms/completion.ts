import {
  INTAKE_REQUIREMENT_TYPES,
  NOTIFICATION_TYPE,
  type SideEffectAssessment,
} from '@portal/domain';
import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { NotificationRow, NotificationService } from '../notifications/service';
import type { DefinitionRow, FormStore, ResponseRow } from './store';

export interface CompletionDeps {
  clock: Clock;
  appointments: Pick<AppointmentService, 'completeRequirements'>;
  notifications: Pick<NotificationService, 'completeByType'>;
}

/**
 * What a submitted form sets off, in its transaction: an intake completes the appointment's
 * intake requirements and the henryForms-intake notice; a check-in with a concerning answer
 * raises a task for the care team. Answers the notices to publish after the commit.
 */
export async function onCompleted(
  deps: CompletionDeps,
  store: FormStore,
  row: ResponseRow,
  definition: DefinitionRow,
  outcome: SideEffectAssessment | null,
  work: Work,
): Promise<NotificationRow[]> {
  if (definition.kind === 'intake') {
    await deps.appointments.completeRequirements(
      row.customerId,
      INTAKE_REQUIREMENT_TYPES,
      row.appointmentId,
      work,
    );
    return deps.notifications.completeByType(row.customerId, NOTIFICATION_TYPE.intakeForm, work);
  }
  if (outcome?.task) {
    const task = await store.in(work.tx).insertCareTask({
      customerId: row.customerId,
      responseId: row.id,
      priority: outcome.task,
      summary: outcome,
      createdAt: deps.clock.now(),
    });
    if (task) {
      await work.audit({
        action: 'create',
        entity: 'form_care_task',
        entityId: task.id,
        details: { priority: task.priority, rules: outcome.rules },
      });
    }
  }
  return [];
}

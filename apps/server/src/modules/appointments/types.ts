import type {
  appointmentRequirements,
  appointments,
  followUps,
  reschedules,
} from '../../db/schema/appointments';
import type { providers, treatmentConfigurations, treatments } from '../../db/schema/catalog';

// The module's row types, apart from the stores that read them: every store and the service
// name them, and no store imports another for a type.

export type AppointmentRow = typeof appointments.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;
export type TreatmentRow = typeof treatments.$inferSelect;
export type RequirementRow = typeof appointmentRequirements.$inferSelect;
export type FollowUpRow = typeof followUps.$inferSelect;
export type RescheduleRow = typeof reschedules.$inferSelect;
export type TreatmentConfigurationRow = typeof treatmentConfigurations.$inferSelect;

export interface AppointmentView extends AppointmentRow {
  provider: ProviderRow | null;
  treatment: TreatmentRow | null;
  requirements: RequirementRow[];
}

export interface PreviousProviderRow {
  provider: ProviderRow;
  count: number;
  lastAppointmentStart: Date;
}

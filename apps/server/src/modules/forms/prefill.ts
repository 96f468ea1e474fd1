import {
  currentMedicationText,
  hundredthsToPounds,
  inchesToFeetInches,
  itemPrefill,
  walkItems,
  type FormAnswerInput,
  type FormDefinition,
  type PrefillSource,
} from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { CustomerService } from '../customers/service';
import type { WeightService } from '../weight/service';
import type { PrescriptionService } from '../prescriptions/service';

export interface PrefillDeps {
  customers: CustomerService;
  weight: WeightService;
  prescriptions: PrescriptionService;
}

/**
 * What the portal already knows for a form's prefill items: name and birth date from the
 * customer record, the latest weight and height from measurements, and the current medication
 * from the prescriptions (each through its own service, audited there). Only the sources the
 * form asks for are read.
 */
export async function knownAnswers(
  deps: PrefillDeps,
  customerId: string,
  definition: FormDefinition,
  actor: AuditActor,
): Promise<FormAnswerInput[]> {
  const wanted = walkItems(definition.item)
    .map(({ item }) => ({ linkId: item.linkId, source: itemPrefill(item) }))
    .filter((w): w is { linkId: string; source: PrefillSource } => w.source !== undefined);
  if (wanted.length === 0) return [];
  const sources = new Set(wanted.map((w) => w.source));
  const record = await deps.customers.getOwnRecord(customerId, actor);
  const measures = await deps.weight.list(customerId, actor);
  const latest = (type: string) => measures.filter((m) => m.type === type).at(-1);
  const weight = latest('weight');
  const height = latest('height');
  const feetInches = height ? inchesToFeetInches(height.value) : null;
  const medication =
    sources.has('medicationList') || sources.has('takesMedications')
      ? currentMedicationText(
          (await deps.prescriptions.list(customerId, 'UTC', actor, 'FormPrefill')).map((p) => ({
            status: p.prescription.status,
            kits: p.kits,
          })),
        )
      : null;
  const known: Record<PrefillSource, Omit<FormAnswerInput, 'linkId'> | null> = {
    firstName: record ? { valueString: record.customer.firstName } : null,
    lastName: record?.customer.lastName ? { valueString: record.customer.lastName } : null,
    dob: record?.customer.dob ? { valueDate: record.customer.dob } : null,
    weightLb: weight ? { valueDecimal: hundredthsToPounds(weight.value) } : null,
    heightFeet: feetInches ? { valueInteger: feetInches.feet } : null,
    heightInches: feetInches ? { valueInteger: feetInches.inches } : null,
    takesMedications: medication ? { valueBoolean: true } : null,
    medicationList: medication ? { valueString: medication } : null,
  };
  return wanted.flatMap((w) => {
    const value = known[w.source];
    return value ? [{ linkId: w.linkId, ...value }] : [];
  });
}

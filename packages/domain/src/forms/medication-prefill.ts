/** What the intake needs of a prescription to prefill "current medications". */
export interface PrescribedMedication {
  status: string;
  kits: { kitName: string; strength: string; directions: string; internalType: string }[];
}

/**
 * The customer's current medication as the intake's prefill text: one line per medication kit
 * of a prescription that is not cancelled ("name strength: directions"), each once; null when
 * there is none, so the question stays empty.
 */
export function currentMedicationText(prescriptions: PrescribedMedication[]): string | null {
  const lines = prescriptions
    .filter((p) => p.status !== 'cancelled')
    .flatMap((p) => p.kits.filter((k) => k.internalType === 'medication'))
    .map((k) => {
      const name = [k.kitName.trim(), k.strength.trim()].filter(Boolean).join(' ');
      const directions = k.directions.trim();
      return directions ? `${name}: ${directions}` : name;
    })
    .filter((line) => line.length > 0);
  const unique = [...new Set(lines)];
  return unique.length > 0 ? unique.join('\n').slice(0, 2000) : null;
}

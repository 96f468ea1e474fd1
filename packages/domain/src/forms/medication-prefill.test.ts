import { describe, expect, it } from 'vitest';
import { currentMedicationText } from './medication-prefill';

const kit = (kitName: string, internalType = 'medication') => ({
  kitName,
  strength: '2.5 mg/ml',
  directions: 'Inject 10 units weekly',
  internalType,
});

describe('currentMedicationText', () => {
  it('lists each medication kit of a prescription that is not cancelled, once', () => {
    expect(
      currentMedicationText([
        { status: 'delivered', kits: [kit('Semaglutide'), kit('Syringes', 'supply')] },
        { status: 'shipped', kits: [kit('Semaglutide')] },
        { status: 'cancelled', kits: [kit('Tirzepatide')] },
      ]),
    ).toBe('Semaglutide 2.5 mg/ml: Inject 10 units weekly');
  });

  it('is null when nothing is prescribed', () => {
    expect(currentMedicationText([])).toBeNull();
    expect(currentMedicationText([{ status: 'cancelled', kits: [kit('Semaglutide')] }])).toBeNull();
  });
});

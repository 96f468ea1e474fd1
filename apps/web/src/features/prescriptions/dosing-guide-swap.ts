/**
 * Spec 02 §9: the phentermine monthly plan's item price. Phentermine is a weight-loss
 * treatment but not a GLP-1, so the GLP-1 dosing guide must never replace its PDF.
 */
export const PHENTERMINE_MONTHLY_ITEM_PRICE_ID = 'phentermine-monthly-USD';

/** The treatment configuration's category of weight-loss treatments (spec 02 §3). */
export const WEIGHT_LOSS_CATEGORY = 'weightloss';

/** The local GLP-1 dosing guide that takes the PDF's place (spec 02 §2, /bulk-dosage-guide). */
export const LOCAL_DOSING_GUIDE_PATH = '/bulk-dosage-guide';

export interface DosingGuideFacts {
  /** The dosing_guide_route flag. */
  dosingGuideRoute: boolean;
  /** The prescription's treatment category from the treatment configuration (weightloss …). */
  treatmentCategory: string | null;
  /** Item prices of the customer's subscription for the prescription's treatment. */
  itemPriceIds: readonly string[];
}

/**
 * Spec 02 §2, §9: with dosing_guide_route on, a weight-loss prescription's dosing PDF is
 * swapped for the local GLP-1 dosing guide, except on the phentermine monthly plan.
 */
export function swapsDosingPdf(facts: DosingGuideFacts): boolean {
  return (
    facts.dosingGuideRoute &&
    facts.treatmentCategory === WEIGHT_LOSS_CATEGORY &&
    !facts.itemPriceIds.includes(PHENTERMINE_MONTHLY_ITEM_PRICE_ID)
  );
}

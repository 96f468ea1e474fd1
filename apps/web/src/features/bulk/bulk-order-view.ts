interface BulkEligibility {
  isBulkEligible: boolean;
  bulkOrderedTooRecently: boolean;
  hasRecentBulkAppointment: boolean;
  bulkAvailable: boolean;
}

/**
 * What /bulk-order shows. A customer refused on arrival (BS101, BS102) is sent home by the
 * screen's effect: loading until then, so the form is neither shown nor fetched on the way.
 */
export function bulkOrderView(state: {
  pending: boolean;
  failed: boolean;
  eligibility: BulkEligibility | undefined;
  submitted: boolean;
}): 'loading' | 'failed' | 'unavailable' | 'submitted' | 'form' {
  const e = state.eligibility;
  const refused = Boolean(e?.bulkOrderedTooRecently || e?.hasRecentBulkAppointment);
  if (state.pending || (refused && !state.submitted)) return 'loading';
  if (state.failed) return 'failed';
  if (!e?.bulkAvailable || (!e.isBulkEligible && !refused)) return 'unavailable';
  return state.submitted ? 'submitted' : 'form';
}

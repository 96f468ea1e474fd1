import { useMemo } from 'react';
import { latestShipment } from './latest-shipment';
import { usePrescriptions } from './use-prescriptions';
import { useTreatmentRecordsLive } from './use-treatment-records-live';

/** The latest shipment (home orders module, spec 01 §2), kept live while shown. */
export function useLatestShipment() {
  const prescriptions = usePrescriptions();
  useTreatmentRecordsLive();
  const data = prescriptions.data;
  return useMemo(() => (data ? latestShipment(data) : null), [data]);
}

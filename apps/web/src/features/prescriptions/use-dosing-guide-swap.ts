import { FEATURE_FLAGS } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { GetDosingGuidePlansDocument } from '../../gql/graphql';
import { useFlag } from '../../lib/flags/use-flag';
import { useServices } from '../../lib/services';
import { swapsDosingPdf } from './dosing-guide-swap';

const DOSING_GUIDE_PLANS_KEY = ['prescriptions', 'dosing-guide-plans'] as const;

/**
 * Whether the prescription's dosing PDF gives way to the local GLP-1 dosing guide (spec 02
 * §9). Asked only with dosing_guide_route on; while the plans load, the PDF stays.
 */
export function useDosingGuideSwap(treatmentId: string | null | undefined): boolean {
  const { graphql } = useServices();
  const flag = useFlag(FEATURE_FLAGS.dosingGuideRoute);
  const plans = useQuery({
    queryKey: DOSING_GUIDE_PLANS_KEY,
    queryFn: () => graphql.request(GetDosingGuidePlansDocument),
    enabled: flag && Boolean(treatmentId),
    staleTime: 5 * 60_000,
  });
  const data = plans.data;
  if (!flag || !treatmentId || !data) return false;
  const shortId = data.activeTreatments.find((t) => t.id === treatmentId)?.shortId;
  const category =
    data.treatmentConfiguration.find((c) => c.TreatmentShortId === shortId)?.TreatmentCategory ??
    null;
  const itemPriceIds = (data.customer?.subscriptions ?? [])
    .filter((s) => s.treatment_id === treatmentId)
    .flatMap((s) => s.subscription_items.map((i) => i.item_price_id));
  return swapsDosingPdf({ dosingGuideRoute: flag, treatmentCategory: category, itemPriceIds });
}

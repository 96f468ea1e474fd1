import { useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import { processorMessageKey } from './payment-error';
import { useReplacePaymentSource } from './use-replace-payment-source';

/**
 * The last step of both card forms: hand our API the processor's token (the sandbox's `tok_…`
 * or Stripe's SetupIntent id) with replacePaymentSource. A processor's refusal (ST102 with its
 * reason) shows in the form, where the customer can try another card; anything else is an alert.
 */
export function useSaveCard(oldPaymentSourceId: string | null, onSaved: () => void) {
  const { showAlert } = useAlerts();
  const replace = useReplacePaymentSource();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = (paymentToken: string) => {
    setRefusal(null);
    replace.mutate(
      { oldPaymentSourceId, paymentToken },
      {
        onSuccess: () => {
          showAlert({ messageKey: 'billing.card.saved', severity: 'success' });
          onSaved();
        },
        onError: (error) => {
          const message = processorMessageKey(error, ['ST102']);
          if (message) setRefusal(message);
          else showAlert({ code: errorCodeOf(error, ['ST101', 'ST102'], 'ST102') });
        },
      },
    );
  };
  return { save, saving: replace.isPending, refusal, clearRefusal: () => setRefusal(null) };
}

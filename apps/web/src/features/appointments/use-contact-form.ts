import { useCallback, useRef, useState } from 'react';
import { lazyWithReload } from '../../lib/chunk-reload';
import { withFieldError } from '../../lib/field-errors';
import type {
  ContactErrors,
  ContactField,
  ContactOutput,
  ContactValidation,
  ContactValues,
} from './contact-validation';

type Validate = (values: ContactValues) => ContactValidation;

let validatorLoad: Promise<Validate> | undefined;
/** The domain's schemas (contact-validation.ts, with zod), fetched once on first use. */
export function loadContactValidator(): Promise<Validate> {
  validatorLoad ??= lazyWithReload(() => import('./contact-validation'))().then(
    (m) => m.validateContact,
  );
  validatorLoad.catch(() => {
    validatorLoad = undefined;
  });
  return validatorLoad;
}

/**
 * The contact step's state, as react-hook-form's `mode: 'all'` kept it: a field is checked on
 * change and on blur, and Continue follows the whole form's validity. Three boxes need no form
 * library, and the schema loads on the customer's first move toward the form (`prefetch`), so
 * the step paints without zod or react-hook-form (issue 46, the sign-in form's way: issue 16).
 */
export function useContactForm(defaultValues: ContactValues) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  // The defaults never pass: the terms box starts unticked, which tosConsentSchema refuses.
  const [isValid, setValid] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(values);

  const validate = useCallback(async (field?: ContactField) => {
    const result = (await loadContactValidator())(latest.current);
    setValid(!('errors' in result));
    if (field) {
      const message = 'errors' in result ? result.errors[field] : undefined;
      setErrors((previous) => withFieldError(previous, field, message));
    }
    return result;
  }, []);

  const change = <F extends ContactField>(field: F, value: ContactValues[F]) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
    void validate(field);
  };
  const blur = (field: ContactField) => void validate(field);
  const setError = (field: ContactField, message: string) =>
    setErrors((previous) => ({ ...previous, [field]: message }));

  const handleSubmit = (onValid: (values: ContactOutput) => Promise<void>) => async () => {
    setSubmitting(true);
    try {
      const result = await validate();
      if ('errors' in result) {
        setErrors(result.errors);
        return;
      }
      await onValid(result.values);
    } finally {
      setSubmitting(false);
    }
  };

  const prefetch = () => void loadContactValidator().catch(() => undefined);

  return { values, errors, isValid, isSubmitting, change, blur, setError, handleSubmit, prefetch };
}

import type { SignInInput } from '@portal/domain';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type RefCallback,
} from 'react';
import { withFieldError } from '../../lib/field-errors';
import type { SignInErrors, SignInField, SignInValidation } from './sign-in-resolver';

const FIELDS: readonly SignInField[] = ['email', 'password'];

/**
 * The sign-in form's state, as react-hook-form's `mode: 'onTouched'` keeps it: a field is
 * validated when it loses focus, then on every change; after a submit, every field on change.
 * A failed submit focuses the first field with an error. Two fields need no form library:
 * this keeps react-hook-form (13.6 KB gzip) off the sign-in page (issue 16).
 */
export function useSignInForm({
  defaultValues,
  validate,
}: {
  defaultValues: SignInInput;
  validate: (values: SignInInput) => Promise<SignInValidation>;
}) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(values);
  const touched = useRef(new Set<SignInField>());
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  // Issue 46: the page is pre-rendered (apps/web/scripts/prerender.ts), so text typed or filled
  // in by the browser before React took the form over is in the fields, not in this state;
  // React keeps it when it hydrates, and its next render would empty the fields.
  useEffect(() => {
    const early: Partial<SignInInput> = {};
    for (const field of FIELDS) {
      const value = inputs.current[field]?.value;
      if (value !== undefined && value !== latest.current[field]) early[field] = value;
    }
    if (Object.keys(early).length === 0) return;
    latest.current = { ...latest.current, ...early };
    setValues(latest.current);
  }, []);

  const validateField = useCallback(
    async (field: SignInField) => {
      const result = await validate(latest.current);
      const message = 'errors' in result ? result.errors[field] : undefined;
      setErrors((previous) => withFieldError(previous, field, message));
    },
    [validate],
  );

  const register = (field: SignInField) => ({
    name: field,
    value: values[field],
    inputRef: ((element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    }) satisfies RefCallback<HTMLInputElement>,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      latest.current = { ...latest.current, [field]: event.target.value };
      setValues(latest.current);
      if (touched.current.has(field) || submitted.current) void validateField(field);
    },
    onBlur: () => {
      touched.current.add(field);
      void validateField(field);
    },
  });

  const handleSubmit =
    (onValid: (values: SignInInput) => Promise<void>) => async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const result = await validate(latest.current);
        if ('errors' in result) {
          setErrors(result.errors);
          const first = FIELDS.find((field) => result.errors[field] !== undefined);
          if (first) inputs.current[first]?.focus();
          return;
        }
        setErrors({});
        await onValid(result.values);
      } finally {
        setSubmitting(false);
      }
    };

  return { values, errors, isSubmitting, register, handleSubmit };
}

import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's register(), shaped for MUI's TextField (the ref goes to the input). */
export function muiField<T extends string>(registration: UseFormRegisterReturn<T>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}

/** Props that show a field's error, whose message is an i18n key from the domain schemas. */
export function fieldError(error: FieldError | undefined, t: (key: string) => string) {
  return error?.message
    ? { error: true, helperText: t(error.message) }
    : { error: false, helperText: undefined };
}

// The errors of the small forms that validate without react-hook-form (the sign-in page and
// the booking contact step, issue 46): one message key per field, the domain schema's first
// issue for it. No zod here: the schemas load in their own chunks.

/** Per field, the i18n key of its first problem (the domain schema's message). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first issue of each of `fields`, as @hookform/resolvers' zodResolver reports them. */
export function firstIssues<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (fields.includes(field as F) && errors[field as F] === undefined) {
      errors[field as F] = issue.message;
    }
  }
  return errors;
}

/**
 * `errors` with one field's message set, or removed when there is none; the same object when
 * nothing changes, so a React state update with it does not render again.
 */
export function withFieldError<F extends string>(
  errors: FieldErrors<F>,
  field: F,
  message: string | undefined,
): FieldErrors<F> {
  if (errors[field] === message) return errors;
  const next = { ...errors };
  if (message === undefined) delete next[field];
  else next[field] = message;
  return next;
}

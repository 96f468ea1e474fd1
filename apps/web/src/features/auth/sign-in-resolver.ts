import { signInSchema, type SignInInput } from '@portal/domain';

export type SignInField = keyof SignInInput;
/** Per field, the i18n key of its first problem (the domain schema's message). */
export type SignInErrors = Partial<Record<SignInField, string>>;
export type SignInValidation = { values: SignInInput } | { errors: SignInErrors };

// The sign-in form's validation (spec 01 §5) with the domain's schema, in its own chunk: the
// sign-in page loads zod when the customer starts typing, not with the page (issue 16). The
// first issue of each field is its error, as @hookform/resolvers' zodResolver reports them.
export function validateSignIn(values: SignInInput): SignInValidation {
  const result = signInSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const errors: SignInErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return { errors };
}

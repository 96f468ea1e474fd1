import { signInSchema, type SignInInput } from '@portal/domain';
import { firstIssues, type FieldErrors } from '../../lib/field-errors';

export type SignInField = keyof SignInInput;
export type SignInErrors = FieldErrors<SignInField>;
const SIGN_IN_FIELDS: readonly SignInField[] = ['email', 'password'];
export type SignInValidation = { values: SignInInput } | { errors: SignInErrors };

// The sign-in form's validation (spec 01 §5) with the domain's schema, in its own chunk: the
// sign-in page loads zod when the customer starts typing, not with the page (issue 16). The
// first issue of each field is its error, as @hookform/resolvers' zodResolver reports them.
export function validateSignIn(values: SignInInput): SignInValidation {
  const result = signInSchema.safeParse(values);
  if (result.success) return { values: result.data };
  return { errors: firstIssues(result.error.issues, SIGN_IN_FIELDS) };
}

import { signInSchema, type SignInInput } from '@portal/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

// The sign-in form's validation (spec 01 §5) with the domain's schema, in its own chunk: the
// sign-in page loads zod when the customer starts typing, not with the page (issue 16).
export const signInResolver: Resolver<SignInInput> = zodResolver(signInSchema);

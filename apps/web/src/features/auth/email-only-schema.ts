import { resetPasswordRequestSchema } from '@portal/domain';

// The forgot-password and resend-verification forms ask for one email, checked and trimmed by
// the domain's rule; the tenant is added when the request is sent.
export const emailOnlySchema = resetPasswordRequestSchema.pick({ email: true });

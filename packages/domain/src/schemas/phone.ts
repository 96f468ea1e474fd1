import { z } from 'zod';
import { normalizePhone, PHONE_INVALID_KEY } from '../phone';

/** Spec 01 §5; spec 02 §5: phone updates need 10 digits after stripping; output is digits. */
export const phoneSchema = z
  .string({ error: PHONE_INVALID_KEY })
  .overwrite(normalizePhone)
  .regex(/^\d{10}$/, { error: PHONE_INVALID_KEY });

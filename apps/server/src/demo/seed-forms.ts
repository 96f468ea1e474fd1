import type { Db } from '../db/client';
import { idVerifications } from '../db/schema/forms';

/**
 * Demo forms (issue 15). The definitions themselves are seeded at every start (app.ts), and
 * Alex's upcoming visit already asks for the intake (/forms/wm-intake, seed-appointments.ts);
 * here the care team has asked Alex for an ID check, so /id-verification has work to do.
 * No notice is raised, so the home page's notices stay as the other demos expect them.
 */
export async function seedFormsDemo(tx: Db, input: { customerId: string }): Promise<void> {
  await tx.insert(idVerifications).values({ customerId: input.customerId, status: 'requested' });
}

import { z } from 'zod';

/** The shapes the domain may use: fixed instants and times passed in. */
export const epoch = new Date(0);
export const parsed = new Date('2026-03-08T10:00:00Z');
export const later = (now: Date): Date => new Date(now.getTime() + 1000);
export const isoSchema = z.iso.datetime();

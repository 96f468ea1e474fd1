// Query keys of the treatment records, in one place: the live subscription makes them stale.

/** Every prescriptions read (the list, rx details, home's orders module). */
export const PRESCRIPTIONS_KEY = ['prescriptions'] as const;
/** Every lab orders read (the /labs list in either sort). */
export const LAB_ORDERS_KEY = ['lab-orders'] as const;

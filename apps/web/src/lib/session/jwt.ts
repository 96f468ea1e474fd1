export interface IdTokenClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  exp?: number;
}

/** Reads a JWT's payload without verifying it: only for display and expiry hints. */
export function decodeJwtPayload(token: string): IdTokenClaims {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    return JSON.parse(json) as IdTokenClaims;
  } catch {
    return {};
  }
}

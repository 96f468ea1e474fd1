/** The token of an `Authorization: Bearer <token>` value, or undefined for anything else. */
export function bearerToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1];
}

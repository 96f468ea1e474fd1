/** The token of an `Authorization: Bearer <token>` header value; the one bearer parser. */
export function bearerToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1];
}

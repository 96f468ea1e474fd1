function clean(part: string | null | undefined): string {
  return part?.trim() ?? '';
}

/** "First Last", leaving out a missing or blank part. */
export function fullName(
  first: string | null | undefined,
  last: string | null | undefined,
): string {
  return [clean(first), clean(last)].filter((part) => part !== '').join(' ');
}

/** Spec 01 §2: the welcome banner uses the preferred name, or the first name if none. */
export function greetingName(
  preferredName: string | null | undefined,
  firstName: string | null | undefined,
): string {
  return clean(preferredName) || clean(firstName);
}

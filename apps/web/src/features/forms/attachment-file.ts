import { FORM_ATTACHMENT_TYPES, MAX_UPLOAD_BYTES } from '@portal/domain';

/** What the upload control accepts (the server checks the bytes again). */
export const ATTACHMENT_ACCEPT = FORM_ATTACHMENT_TYPES.join(',');

/** The message key for a file the server would refuse, or null when it may go. */
export function attachmentProblem(file: { type: string; size: number }): string | null {
  if (!(FORM_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'forms.fileType';
  if (file.size > MAX_UPLOAD_BYTES) return 'forms.fileSize';
  return null;
}

/**
 * A file name the signed upload URL takes, unique per upload: the stamp first, then the
 * customer's own name with anything outside letters, digits, space, dot, dash and brackets
 * replaced, so the care team still sees what it was.
 */
export function attachmentFileName(original: string, stamp: number): string {
  const cleaned = original.replace(/[^A-Za-z0-9 ._()-]/g, '_').slice(-120);
  return `${stamp}-${cleaned || 'file'}`;
}

/**
 * The key of an upload's HTTP refusal (413 too large, 415 not an image or PDF, 429 past the
 * day's upload quota).
 */
export function uploadStatusProblem(status: number): string {
  if (status === 413) return 'forms.fileSize';
  if (status === 415) return 'forms.fileType';
  if (status === 429) return 'forms.uploadQuota';
  return 'forms.uploadFailed';
}

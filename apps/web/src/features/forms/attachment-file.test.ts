import { describe, expect, it } from 'vitest';
import { attachmentFileName, attachmentProblem, uploadStatusProblem } from './attachment-file';

describe('attachment files', () => {
  it('takes images and PDF up to 10 MB, and refuses anything else before uploading', () => {
    expect(attachmentProblem({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(attachmentProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'forms.fileSize',
    );
    expect(attachmentProblem({ type: 'text/plain', size: 10 })).toBe('forms.fileType');
    expect(attachmentProblem({ type: '', size: 10 })).toBe('forms.fileType');
  });

  it('names the upload so the signed URL takes it and the care team still sees the name', () => {
    expect(attachmentFileName('Lab results (May).pdf', 1700000000000)).toBe(
      '1700000000000-Lab results (May).pdf',
    );
    expect(attachmentFileName('résumé/../x.pdf', 1)).toBe('1-r_sum__.._x.pdf');
    expect(attachmentFileName('', 1)).toBe('1-file');
  });

  it('reads the upload refusals', () => {
    expect(uploadStatusProblem(413)).toBe('forms.fileSize');
    expect(uploadStatusProblem(415)).toBe('forms.fileType');
    expect(uploadStatusProblem(429)).toBe('forms.uploadQuota');
    expect(uploadStatusProblem(500)).toBe('forms.uploadFailed');
  });
});

import { describe, expect, it } from 'vitest';
import {
  carrierWebhookSchema,
  createPrescriptionSchema,
  labResultSchema,
  signedDownloadArgsSchema,
  signedUploadArgsSchema,
} from './treatment';

const PDF_BASE64 = 'JVBERi0xLjQK';

describe('signed URL arguments', () => {
  it.each([
    ['lipid-panel-2026-03.pdf', true],
    ['Lab Result (1).pdf', true],
    ['../other/secret.pdf', false],
    ['a/b.pdf', false],
    ['.hidden', false],
    ['', false],
  ])('file name %s is accepted: %s', (fileName, ok) => {
    expect(signedDownloadArgsSchema.safeParse({ fileName, category: 'LabResult' }).success).toBe(
      ok,
    );
  });

  it('spec 02 §3: lab documents are LabResult; a customer cannot upload one', () => {
    expect(
      signedDownloadArgsSchema.safeParse({ fileName: 'a.pdf', category: 'Other' }).success,
    ).toBe(false);
    expect(
      signedUploadArgsSchema.safeParse({ fileName: 'a.pdf', category: 'LabResult' }).success,
    ).toBe(false);
    expect(
      signedUploadArgsSchema.safeParse({ fileName: 'id.jpg', category: 'Identification' }).success,
    ).toBe(true);
  });
});

describe('staff inputs', () => {
  const kit = {
    catalogName: 'Semaglutide 2.5 mg/ml',
    kitName: 'GLP-1 starter kit',
    directions: 'Inject 10 units once a week.',
    quantity: 1,
    strength: '2.5 mg/ml',
    form: 'injectable',
    volumeMl: 2.5,
    weeklyDoseMg: 0.25,
  };

  it('a prescription needs a kit; defaults fill status, refills and notify', () => {
    expect(createPrescriptionSchema.safeParse({ kits: [] }).success).toBe(false);
    const parsed = createPrescriptionSchema.parse({ kits: [kit], shipment: { carrier: 'usps' } });
    expect(parsed).toMatchObject({ status: 'received', notify: true, mediaAssets: [] });
    expect(parsed.kits[0]).toMatchObject({ refills: 0, internalType: 'medication' });
    expect(
      createPrescriptionSchema.safeParse({ kits: [kit], shipment: { carrier: 'dhl' } }).success,
    ).toBe(false);
  });

  it('a media asset points at https or a portal path only', () => {
    const withAsset = (src: string) =>
      createPrescriptionSchema.safeParse({
        kits: [kit],
        mediaAssets: [{ src, altText: 'Dosing guide', mimeType: 'application/pdf' }],
      }).success;
    expect(withAsset('https://cdn.example.com/guide.pdf')).toBe(true);
    expect(withAsset('/docs/guide.pdf')).toBe(true);
    expect(withAsset('javascript:alert(1)')).toBe(false);
    expect(withAsset('//evil.example.com/x')).toBe(false);
  });

  it('a carrier webhook event: carrier in any case, details dated', () => {
    const parsed = carrierWebhookSchema.parse({
      id: 'evt_1',
      description: 'tracker.updated',
      result: {
        tracking_code: '9400100000000000000000',
        carrier: 'USPS',
        status: 'out_for_delivery',
        tracking_details: [{ status: 'in_transit', datetime: '2026-03-02T10:00:00Z', extra: 1 }],
      },
    });
    expect(parsed.result.carrier).toBe('usps');
    expect(parsed.result.tracking_details[0]?.datetime).toEqual(new Date('2026-03-02T10:00:00Z'));
  });

  it('a lab result is a PDF whose receipt is not before its order', () => {
    const base = {
      fileName: 'lipids.pdf',
      contentBase64: PDF_BASE64,
      orderedAt: '2026-03-01T00:00:00Z',
    };
    expect(labResultSchema.safeParse(base).success).toBe(true);
    expect(labResultSchema.safeParse({ ...base, contentBase64: 'aGVsbG8=' }).success).toBe(false);
    expect(labResultSchema.safeParse({ ...base, fileName: 'lipids.exe' }).success).toBe(false);
    expect(labResultSchema.safeParse({ ...base, receivedAt: '2026-02-01T00:00:00Z' }).success).toBe(
      false,
    );
  });
});

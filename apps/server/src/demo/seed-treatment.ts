import { randomUUID } from 'node:crypto';
import { LAB_DOCUMENT_CATEGORY, normalizeShipmentStatus } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { providers, treatments } from '../db/schema/catalog';
import { documents } from '../db/schema/files';
import { labOrders } from '../db/schema/labs';
import {
  prescriptionKits,
  prescriptionMediaAssets,
  prescriptions,
  shipmentEvents,
  shipments,
} from '../db/schema/prescriptions';
import type { DocumentStore } from '../platform/document-store';
import { textPdf } from './pdf';

// Demo prescriptions, shipments and lab results for Alejandro (issue 10): a GLP-1 prescription
// in transit with its carrier history, an older delivered one, a cancelled one, one from before
// the tracker (2024-05-15), and two lab results with real PDF files. Rows go straight into the
// tables inside the demo seed's transaction, as the rest of the seed does.

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface TreatmentSeedInput {
  customerId: string;
  /** Where the lab PDFs go; without one the rows are seeded and the files are not. */
  files?: DocumentStore | undefined;
  now?: Date;
}

/** The in-transit shipment's tracking number (the browser test posts to it). */
export const DEMO_IN_TRANSIT_TRACKING = '9400111899223344556677';

const SEMAGLUTIDE_KIT = {
  catalogName: 'Semaglutide (compounded) 2.5 mg/ml',
  kitName: 'GLP-1 monthly kit',
  directions:
    'Inject 0.25 mg (10 units on a U-100 syringe) under the skin once a week, on the same day ' +
    'each week. Rotate between the stomach, thigh and upper arm.',
  quantity: 1,
  strength: '2.5 mg/ml',
  form: 'injectable vial',
  internalType: 'medication',
  refills: 2,
  volumeMl: 2.5,
  weeklyDoseMg: 0.25,
};

const SUPPLY_KIT = {
  catalogName: 'Injection supplies',
  kitName: 'Syringes and alcohol pads',
  directions: 'Use a new syringe and alcohol pad for each injection.',
  quantity: 10,
  strength: '',
  form: 'U-100 insulin syringes, 0.5 ml',
  internalType: 'supply',
  refills: 2,
  volumeMl: null,
  weeklyDoseMg: null,
};

const MEDIA = [
  {
    src: '/media/semaglutide-vial.svg',
    altText: 'A 2.5 ml semaglutide vial with its label',
    mimeType: 'image/svg+xml',
  },
  {
    src: '/media/glp1-dosing-guide.pdf',
    altText: 'GLP-1 dosing guide (PDF)',
    mimeType: 'application/pdf',
  },
  {
    src: 'https://www.youtube-nocookie.com/embed/yT8xKRYw8Ls',
    altText: 'How to draw and inject your weekly dose',
    mimeType: 'video/embed',
  },
];

export async function seedTreatmentRecords(tx: Db, input: TreatmentSeedInput): Promise<void> {
  const now = input.now ?? new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const { customerId } = input;
  const [provider] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.displayName, 'Dr. Priya Natarajan'));
  const [glp1] = await tx
    .select({ id: treatments.id })
    .from(treatments)
    .where(eq(treatments.shortId, 'weightmanagement'));

  const write = async (
    createdAt: Date,
    status: string,
    kits: (typeof SEMAGLUTIDE_KIT | typeof SUPPLY_KIT)[],
    shipment?: {
      carrier: 'ups' | 'fedex' | 'usps';
      trackingNumber: string;
      events: [status: string, at: Date, message: string, location?: string][];
    },
  ) => {
    const [row] = await tx
      .insert(prescriptions)
      .values({
        customerId,
        providerId: provider?.id ?? null,
        treatmentId: glp1?.id ?? null,
        status,
        createdAt,
        updatedAt: shipment?.events.at(-1)?.[1] ?? createdAt,
      })
      .returning();
    if (!row) throw new Error('demo prescription not inserted');
    await tx
      .insert(prescriptionKits)
      .values(
        kits.map((kit, position) => ({ ...kit, prescriptionId: row.id, position, createdAt })),
      );
    await tx
      .insert(prescriptionMediaAssets)
      .values(MEDIA.map((m, position) => ({ ...m, prescriptionId: row.id, position })));
    if (!shipment) return;
    const carrierScans = shipment.events.filter(([s]) => !/process|ready|pending/i.test(s));
    const delivered = shipment.events.find(([s]) => s === 'Delivered');
    const [ship] = await tx
      .insert(shipments)
      .values({
        prescriptionId: row.id,
        customerId,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        shippedAt: carrierScans[0]?.[1] ?? null,
        deliveredAt: delivered?.[1] ?? null,
        createdAt,
      })
      .returning();
    if (!ship) throw new Error('demo shipment not inserted');
    await tx.insert(shipmentEvents).values(
      shipment.events.map(([rawStatus, occurredAt, message, location]) => ({
        shipmentId: ship.id,
        rawStatus,
        status: normalizeShipmentStatus(rawStatus),
        occurredAt,
        message,
        location: location ?? null,
        source: 'staff',
      })),
    );
  };

  // Before the tracker existed (spec 02 §2: no tracker card for it).
  await write(new Date('2024-03-04T18:20:00Z'), 'delivered', [SEMAGLUTIDE_KIT, SUPPLY_KIT], {
    carrier: 'fedex',
    trackingNumber: '449044304137821',
    events: [
      ['Processed', new Date('2024-03-05T16:00:00Z'), 'Pharmacy received the prescription'],
      ['Shipped', new Date('2024-03-07T21:10:00Z'), 'Picked up', 'Memphis, TN'],
      ['Delivered', new Date('2024-03-09T18:42:00Z'), 'Left at front door', 'San Francisco, CA'],
    ],
  });
  // The previous refill, delivered.
  await write(ago(75 * DAY), 'delivered', [SEMAGLUTIDE_KIT, SUPPLY_KIT], {
    carrier: 'ups',
    trackingNumber: '1Z999AA10123456784',
    events: [
      ['Processed', ago(74 * DAY), 'Pharmacy received the prescription'],
      ['Ready for PDF', ago(73 * DAY), 'Label being prepared'],
      ['Label Created', ago(73 * DAY - 4 * HOUR), 'Shipping label created'],
      ['In Transit', ago(72 * DAY), 'Departed facility', 'Louisville, KY'],
      ['Out for Delivery', ago(70 * DAY + 8 * HOUR), 'Out for delivery', 'San Francisco, CA'],
      ['Delivered', ago(70 * DAY + 2 * HOUR), 'Delivered to front desk', 'San Francisco, CA'],
    ],
  });
  // A dose change the provider cancelled before it shipped.
  await write(ago(40 * DAY), 'cancelled', [
    { ...SEMAGLUTIDE_KIT, kitName: 'GLP-1 dose change', weeklyDoseMg: 0.5 },
  ]);
  // This month's refill, in transit.
  await write(ago(6 * DAY), 'inTransit', [SEMAGLUTIDE_KIT, SUPPLY_KIT], {
    carrier: 'usps',
    trackingNumber: DEMO_IN_TRANSIT_TRACKING,
    events: [
      ['Processed', ago(6 * DAY - 2 * HOUR), 'Pharmacy received the prescription'],
      ['Ready for PDF', ago(5 * DAY), 'Label being prepared'],
      ['Label Created', ago(2 * DAY + 6 * HOUR), 'Shipping label created'],
      ['Shipped', ago(2 * DAY), 'Accepted at USPS origin facility', 'Phoenix, AZ'],
      ['In Transit', ago(20 * HOUR), 'Arrived at USPS regional facility', 'Oakland, CA'],
    ],
  });

  await seedLabResults(tx, {
    customerId,
    providerId: provider?.id ?? null,
    treatmentId: glp1?.id ?? null,
    files: input.files,
    ago,
  });
}

async function seedLabResults(
  tx: Db,
  input: {
    customerId: string;
    providerId: string | null;
    treatmentId: string | null;
    files: DocumentStore | undefined;
    ago: (ms: number) => Date;
  },
): Promise<void> {
  const { customerId, ago } = input;
  const results = [
    {
      fileName: 'comprehensive-metabolic-panel.pdf',
      orderedAt: ago(120 * DAY),
      receivedAt: ago(116 * DAY),
      title: 'Comprehensive metabolic panel',
      lines: [
        'Patient: Alejandro Rivera    DOB: 04/12/1986',
        'Glucose (fasting): 96 mg/dL        (70-99)',
        'Creatinine: 0.9 mg/dL              (0.7-1.3)',
        'ALT: 24 U/L                        (7-56)',
        'Sodium: 139 mmol/L                 (135-145)',
        'Demo data: not a real result.',
      ],
    },
    {
      fileName: 'lipid-panel-and-a1c.pdf',
      orderedAt: ago(30 * DAY),
      receivedAt: ago(26 * DAY),
      title: 'Lipid panel and HbA1c',
      lines: [
        'Patient: Alejandro Rivera    DOB: 04/12/1986',
        'Total cholesterol: 182 mg/dL       (<200)',
        'LDL: 104 mg/dL                     (<100)',
        'HDL: 48 mg/dL                      (>40)',
        'HbA1c: 5.4 %                       (<5.7)',
        'Demo data: not a real result.',
      ],
    },
  ];
  for (const result of results) {
    const bytes = textPdf(result.title, result.lines);
    const storageKey = `${customerId}/${randomUUID()}`;
    await input.files?.put(storageKey, bytes, 'application/pdf');
    const [document] = await tx
      .insert(documents)
      .values({
        customerId,
        category: LAB_DOCUMENT_CATEGORY,
        fileName: result.fileName,
        storageKey,
        contentType: 'application/pdf',
        sizeBytes: bytes.byteLength,
        createdAt: result.receivedAt,
      })
      .returning();
    if (!document) throw new Error('demo document not inserted');
    await tx.insert(labOrders).values({
      customerId,
      documentId: document.id,
      providerId: input.providerId,
      treatmentId: input.treatmentId,
      orderedAt: result.orderedAt,
      receivedAt: result.receivedAt,
      createdAt: result.receivedAt,
    });
  }
}

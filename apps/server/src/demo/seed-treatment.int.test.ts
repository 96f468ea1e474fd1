import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, startTestServer, type TestServer } from '../../test/harness';
import { customerTokenFor } from '../../test/messaging-helpers';
import { textPdf } from './pdf';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed';

let server: TestServer;
let filesDir: string;
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-demo-files-'));
  server = await startTestServer({ FILES_DIR: filesDir });
  expect(await seedDemoData(server.database.db, undefined, { files: server.platform.files })).toBe(
    true,
  );
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Every xref entry points at its object, and startxref at the xref table. */
function expectValidPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
    Number(m[1]),
  );
  expect(offsets.length).toBeGreaterThan(0);
  offsets.forEach((offset, i) =>
    expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true),
  );
  const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
  const stream = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(stream + length, stream + length + '\nendstream'.length)).toBe('\nendstream');
}

describe('the demo treatment records', () => {
  it('the PDF writer makes a well-formed file, escaping what PDF strings need', () => {
    expectValidPdf(Buffer.from(textPdf('Title (draft)', ['a \\ b', 'ünïcode'])));
  });

  it('alex has an in-transit GLP-1, a delivered, a cancelled and a pre-tracker prescription', async () => {
    const token = await customerTokenFor(server, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const res = await graphql<{
      customer: {
        prescriptions: {
          status: { name: string };
          show_tracker: boolean;
          created_at: string;
          shipping_status: { stage: string; events: { source: string }[] } | null;
          kit_snapshots: { weekly_dose_units: number | null }[];
          runway: { doses_left: number } | null;
        }[];
      };
    }>(
      server,
      `
        {
          customer {
            prescriptions {
              status {
                name
              }
              show_tracker
              created_at
              shipping_status {
                stage
                events {
                  source
                }
              }
              kit_snapshots {
                weekly_dose_units
              }
              runway {
                doses_left
              }
            }
          }
        }
      `,
      token,
    );
    const list = res.data?.customer.prescriptions ?? [];
    expect(list.map((p) => p.status.name)).toEqual([
      'inTransit',
      'cancelled',
      'delivered',
      'delivered',
    ]);
    const [current, cancelled, delivered, old] = list;
    expect(current?.shipping_status?.stage).toBe('shipped');
    expect(current?.shipping_status?.events.map((e) => e.source)).toContain('carrier');
    expect(current?.kit_snapshots[0]?.weekly_dose_units).toBe(10);
    expect(cancelled?.show_tracker).toBe(false);
    expect(delivered?.show_tracker).toBe(true);
    expect(delivered?.runway?.doses_left).toBeGreaterThan(0);
    expect((old?.created_at ?? '') < '2024-05-15').toBe(true);
    expect(old?.show_tracker).toBe(false);
  });

  it('alex has two lab results whose files download as PDFs', async () => {
    const token = await customerTokenFor(server, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const labs = await graphql<{ labOrders: { document: { file_name: string } }[] }>(
      server,
      '{ labOrders { document { file_name } } }',
      token,
    );
    const names = labs.data?.labOrders.map((l) => l.document.file_name) ?? [];
    expect(names).toHaveLength(2);
    for (const fileName of names) {
      const signed = await graphql<{ signedDownloadUrl: { downloadUrl: string } }>(
        server,
        `
          query ($f: String!) {
            signedDownloadUrl(fileName: $f, category: LabResult) {
              downloadUrl
            }
          }
        `,
        token,
        { f: fileName },
      );
      const url = new URL(signed.data?.signedDownloadUrl.downloadUrl ?? '', server.url);
      const file = await fetch(`${server.url}${url.pathname}${url.search}`);
      expect(file.status).toBe(200);
      expectValidPdf(Buffer.from(await file.arrayBuffer()));
    }
  });
});

import type { ReactNode } from 'react';
import type { GetLabOrdersQuery, ShipmentStage, ShipmentStatus } from '../gql/graphql';
import { GraphqlRequestError } from '../lib/api/graphql-client';
import type { Prescription, Shipment } from '../lib/treatment/use-prescriptions';
import { CUSTOMER, renderWithServices } from './render-with-services';

// Component tests of the treatment records (prescriptions, rx details, labs, home's orders
// module): the screen under test with fake services, the treatment operations answered here
// by operation name, as the appointments test server does.

type LabOrder = GetLabOrdersQuery['labOrders'][number];

const STAGES: ShipmentStage[] = ['inProgress', 'shipped', 'outForDelivery', 'delivered'];

/** The four steps for a current stage, as the server reads them. */
export function steps(current: ShipmentStage): Shipment['steps'] {
  const at = STAGES.indexOf(current);
  return STAGES.map((stage, i) => ({
    stage,
    state: i < at ? 'done' : i === at ? 'current' : 'upcoming',
  }));
}

export function shipment(
  stage: ShipmentStage,
  status: ShipmentStatus,
  overrides: Partial<Shipment> = {},
): Shipment {
  return {
    id: 'ship-1',
    carrier: 'usps',
    tracking_number: '9400 1118 99',
    tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201118%2099',
    shipped_at: '2026-03-05T17:00:00Z',
    delivered_at: null,
    stage,
    status,
    warning: false,
    stalled_days: null,
    steps: steps(stage),
    events: [
      {
        id: 'e1',
        label: 'Processed',
        source: 'pharmacy',
        status: 'processed',
        raw_status: 'Processed',
        stage: 'inProgress',
        warning: false,
        message: 'Pharmacy received the prescription',
        location: null,
        occurred_at: '2026-03-03T16:00:00Z',
      },
      {
        id: 'e2',
        label: 'In Transit',
        source: 'carrier',
        status: 'in_transit',
        raw_status: 'In Transit',
        stage: 'shipped',
        warning: false,
        message: 'Arrived at USPS regional facility',
        location: 'Oakland, CA',
        occurred_at: '2026-03-05T17:00:00Z',
      },
    ],
    ...overrides,
  };
}

export const SEMAGLUTIDE_KIT: Prescription['kit_snapshots'][number] = {
  id: 'k1',
  catalog_name: 'Semaglutide (compounded) 2.5 mg/ml',
  kit_name: 'GLP-1 monthly kit',
  directions: 'Inject 0.25 mg under the skin once a week.',
  quantity: 1,
  strength: '2.5 mg/ml',
  form: 'injectable vial',
  internal_type: 'medication',
  refills: 2,
  created_at: '2026-03-01T18:00:00Z',
  concentration_mg_per_ml: 2.5,
  volume_ml: 2.5,
  weekly_dose_mg: 0.25,
  weekly_dose_units: 10,
};

export const SUPPLY_KIT: Prescription['kit_snapshots'][number] = {
  ...SEMAGLUTIDE_KIT,
  id: 'k2',
  catalog_name: 'Injection supplies',
  kit_name: 'Syringes and alcohol pads',
  directions: 'Use a new syringe for each injection.',
  quantity: 10,
  strength: '',
  form: 'U-100 insulin syringes',
  internal_type: 'supply',
  concentration_mg_per_ml: null,
  volume_ml: null,
  weekly_dose_mg: null,
  weekly_dose_units: null,
};

export function prescription(overrides: Partial<Prescription> = {}): Prescription {
  return {
    id: 'rx-1',
    created_at: '2026-03-01T18:00:00Z',
    updated_at: '2026-03-05T17:00:00Z',
    show_tracker: true,
    status: { name: 'inTransit', display_name: 'In Transit' },
    customer: { full_name: 'Alejandro Rivera', dob: '1986-04-12' },
    provider: { id: 'p1', display_name: 'Dr. Priya Natarajan' },
    treatment: { id: 't1', display_name: 'Weight Management' },
    kit_snapshots: [SEMAGLUTIDE_KIT, SUPPLY_KIT],
    media_assets: [
      {
        src: '/media/semaglutide-vial.svg',
        alt_text: 'A 2.5 ml semaglutide vial with its label',
        mime_type: 'image/svg+xml',
      },
      {
        src: '/media/glp1-dosing-guide.pdf',
        alt_text: 'GLP-1 dosing guide',
        mime_type: 'application/pdf',
      },
      {
        src: 'https://www.youtube-nocookie.com/embed/demo',
        alt_text: 'How to draw and inject your weekly dose',
        mime_type: 'video/embed',
      },
    ],
    runway: null,
    shipping_status: shipment('shipped', 'in_transit'),
    ...overrides,
  };
}

export function labOrder(
  fileName: string,
  receivedAt: string | null,
  overrides: Partial<LabOrder> = {},
): LabOrder {
  return {
    lab_order_id: `lab-${fileName}`,
    document_id: `doc-${fileName}`,
    document: {
      id: `doc-${fileName}`,
      file_name: fileName,
      category: 'LabResult',
      created_at: receivedAt ?? '2026-01-01T00:00:00Z',
    },
    order: {
      id: `order-${fileName}`,
      created_at: receivedAt ?? '2026-01-01T00:00:00Z',
      ordered_at: '2025-12-28T00:00:00Z',
      received_at: receivedAt,
      provider: { id: 'p1', display_name: 'Dr. Priya Natarajan' },
      treatment: { id: 't1', short_id: 'weightmanagement', display_name: 'Weight Management' },
    },
    ...overrides,
  };
}

export interface TreatmentFixtures {
  /** What GetPrescriptionsByCustomer answers; a function is asked on each call. */
  prescriptions?: Prescription[] | (() => Prescription[]);
  /** GetPrescriptionsByCustomer fails with this code. */
  prescriptionsError?: string;
  /** Lab orders, newest first (the server sorts; oldest is this reversed). */
  labs?: LabOrder[];
  labsError?: string;
  /** GetSignedDownloadUrl answers this; default a URL per file name. */
  signedUrl?: { downloadUrl: string | null; errorMessage: string | null };
  /**
   * When each completed side-effect check-in was submitted (SideEffectCheckIns); unset: none
   * completed (/prescriptions asks with its list, issue 46).
   */
  checkIns?: string[];
  /** SideEffectCheckIns fails with this code. */
  checkInsError?: string;
}

const failure = (code: string) =>
  new GraphqlRequestError(code, 'failed', [{ message: 'failed', extensions: { code } }]);

export function answerTreatment(
  name: string,
  f: TreatmentFixtures,
  variables: Record<string, unknown> = {},
): unknown {
  switch (name) {
    case 'GetPrescriptionsByCustomer':
      if (f.prescriptionsError) throw failure(f.prescriptionsError);
      return {
        prescriptionsByCustomer:
          typeof f.prescriptions === 'function' ? f.prescriptions() : (f.prescriptions ?? []),
      };
    case 'GetLabOrders': {
      if (f.labsError) throw failure(f.labsError);
      const labs = f.labs ?? [];
      return { labOrders: variables.sort === 'oldest' ? [...labs].reverse() : labs };
    }
    case 'GetSignedDownloadUrl':
      return {
        signedDownloadUrl: f.signedUrl ?? {
          downloadUrl: `http://localhost/files/download/${String(variables.fileName)}?signature=x`,
          errorMessage: null,
        },
      };
    case 'SideEffectCheckIns':
      if (f.checkInsError) throw failure(f.checkInsError);
      return {
        intakeSearches: (f.checkIns ?? []).map((at, i) => ({
          id: `check-in-${i}`,
          completed_at: at,
        })),
      };
    default:
      throw new Error(`No answer for ${name}`);
  }
}

/**
 * Renders `element` at `path`; other paths render a page that names its location, so a test
 * can follow where the screen navigates. `state` is the router state handed to the first entry.
 */
export function renderWithTreatment(
  path: string,
  element: ReactNode,
  fixtures: TreatmentFixtures = {},
  extraRoutes: { path: string; element: ReactNode }[] = [],
) {
  return renderWithServices(
    [
      { path: path.split('?')[0] ?? path, element },
      ...extraRoutes,
      { path: '*', element: <main aria-label="elsewhere" /> },
    ],
    { path, customer: CUSTOMER, answer: (name, vars) => answerTreatment(name, fixtures, vars) },
  );
}

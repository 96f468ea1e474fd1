import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { QUEUE_KINDS, queueItemKeySchema, type QueueKind } from '@portal/domain';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '../api/error-text';
import { StaffApiError } from '../api/http';
import { usePatientLiveUpdates } from '../api/patient-stream';
import { usePatient } from '../api/patients';
import type { PatientRecord } from '../api/types';
import type { PatientSection } from '../queue/open-item';
import { strings } from '../strings';
import { ItemActionBar, type OpenItem } from './item-action-bar';
import { PatientHeader } from './patient-header';
import { AuditSection } from './sections/audit-section';
import { BillingSection } from './sections/billing-section';
import { FormsSection } from './sections/forms-section';
import { IdSection } from './sections/id-section';
import { MessagesSection } from './sections/messages-section';
import { PrescriptionsSection } from './sections/prescriptions-section';
import { ProfileSection } from './sections/profile-section';
import { BulkSection } from './sections/bulk-section';
import { AppointmentsSection } from './sections/simple-sections';
import { WeightSection } from './sections/weight-section';

const t = strings.patients;
const SECTIONS = Object.keys(t.sections) as PatientSection[];
const REFS = [
  'verificationId',
  'bulkOrderId',
  'shipmentId',
  'prescriptionId',
  'chargeId',
  'taskId',
  'responseId',
  'invoiceId',
];

function sectionBody(
  section: PatientSection,
  record: PatientRecord,
  refs: OpenItem['refs'],
): ReactNode {
  switch (section) {
    case 'profile':
      return <ProfileSection record={record} />;
    case 'billing':
      return <BillingSection record={record} highlightChargeId={refs.chargeId} />;
    case 'prescriptions':
      return <PrescriptionsSection record={record} highlightShipmentId={refs.shipmentId} />;
    case 'weight':
      return <WeightSection record={record} />;
    case 'forms':
      return <FormsSection record={record} highlightResponseId={refs.responseId} />;
    case 'id':
      return <IdSection record={record} />;
    case 'bulk':
      return <BulkSection record={record} highlightId={refs.bulkOrderId} />;
    case 'messages':
      return <MessagesSection record={record} />;
    case 'appointments':
      return <AppointmentsSection record={record} />;
    case 'audit':
      return <AuditSection customerId={record.profile.id} />;
  }
}

/** The kind of a key that passed queueItemKeySchema (`<kind>:<id>`). */
function kindOf(key: string): QueueKind {
  const kind = key.slice(0, key.indexOf(':'));
  return QUEUE_KINDS.find((k) => k === kind) ?? 'form_review';
}

export function PatientScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const patient = usePatient(id);
  usePatientLiveUpdates(id);
  const wide = useMediaQuery(useTheme().breakpoints.up('lg'));
  const asked = params.get('section') as PatientSection | null;
  const section: PatientSection = asked && SECTIONS.includes(asked) ? asked : 'profile';
  const key = params.get('item');
  const item: OpenItem | null =
    key && queueItemKeySchema.safeParse(key).success
      ? {
          key,
          kind: kindOf(key),
          refs: Object.fromEntries(REFS.map((name) => [name, params.get(name) ?? undefined])),
        }
      : null;

  // The queue item's action needs only the ids in the address: it is ready while the record
  // loads, and even if the record cannot be read.
  const bar = item && <ItemActionBar customerId={id} item={item} />;
  if (patient.isLoading) {
    return (
      <Box>
        <Skeleton variant="text" width="40%" height={48} aria-label={strings.loading} />
        {bar}
        <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (patient.error || !patient.data) {
    const missing = patient.error instanceof StaffApiError && patient.error.status === 404;
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          {missing ? t.notFound : errorText(patient.error)}
        </Alert>
        {bar}
      </Box>
    );
  }
  const record = patient.data;
  return (
    <Box>
      <PatientHeader record={record} />
      {bar}
      <Box sx={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 2 }}>
        <Tabs
          orientation={wide ? 'vertical' : 'horizontal'}
          variant="scrollable"
          allowScrollButtonsMobile
          value={section}
          aria-label={t.sectionNav}
          onChange={(_event, next: PatientSection) =>
            setParams(
              (previous) => {
                const updated = new URLSearchParams(previous);
                updated.set('section', next);
                return updated;
              },
              { replace: true },
            )
          }
          sx={{
            flexShrink: 0,
            minWidth: wide ? 200 : 0,
            borderRight: wide ? 1 : 0,
            borderBottom: wide ? 0 : 1,
            borderColor: 'divider',
            '& .MuiTab-root': { alignItems: wide ? 'flex-start' : 'center', textAlign: 'left' },
          }}
        >
          {SECTIONS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t.sections[name]}
              id={`care-tab-${name}`}
              aria-controls="care-section"
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id="care-section"
          aria-labelledby={`care-tab-${section}`}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          {sectionBody(section, record, item?.refs ?? {})}
        </Box>
      </Box>
    </Box>
  );
}

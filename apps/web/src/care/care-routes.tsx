import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { CareLayout } from './layout/care-layout';
import { RequireStaff } from './layout/require-staff';
import { PatientScreen } from './patients/patient-screen';
import { PatientSearchScreen } from './patients/patient-search-screen';
import { ProviderScreen } from './providers/provider-screen';
import { ProvidersScreen } from './providers/providers-screen';
import { QueueScreen } from './queue/queue-screen';
import { SignInScreen } from './sign-in/sign-in-screen';

export const careRoutes: RouteObject[] = [
  { path: '/care/sign-in', element: <SignInScreen /> },
  {
    element: (
      <RequireStaff>
        <CareLayout />
      </RequireStaff>
    ),
    children: [
      { path: '/care/queue', element: <QueueScreen /> },
      { path: '/care/patients', element: <PatientSearchScreen /> },
      { path: '/care/patients/:id', element: <PatientScreen /> },
      { path: '/care/providers', element: <ProvidersScreen /> },
      { path: '/care/providers/:id', element: <ProviderScreen /> },
    ],
  },
  { path: '*', element: <Navigate to="/care/queue" replace /> },
];

export function CareRoutes() {
  return useRoutes(careRoutes);
}

import { BrowserRouter } from 'react-router';
import { createStaffApi } from './api/http';
import { CareApp } from './care-app';
import { CareRoutes } from './care-routes';
import { CareSession } from './session';

/** The console as the browser runs it: loaded after the entry has painted its frame. */
export function CareRoot() {
  return (
    <CareApp services={services}>
      <BrowserRouter>
        <CareRoutes />
      </BrowserRouter>
    </CareApp>
  );
}

const session = new CareSession(window.sessionStorage);
const services = { session, api: createStaffApi(session) };

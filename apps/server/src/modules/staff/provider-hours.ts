import type { TimeOffInput, WeeklyHoursInput } from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type {
  EditResult,
  ProviderHours,
  ProviderHoursService,
  StrandedVisit,
  TimeOffRow,
} from '../appointments/provider-hours';
import type { CustomerService } from '../customers/service';
import { runStaffAction } from './staff-audit';

/*
 * Providers' hours in the care console (issue 41): each edit is one staff action (one audit
 * row naming the fields, never their values). An edit that would leave booked visits outside
 * the provider's hours is not saved unless confirmed: the answer lists those visits with the
 * patient's first name and last initial, and with `confirm` the edit is saved and the visits
 * stay booked (the care team reschedules them with the patients).
 */

export interface StrandedVisitView {
  id: string;
  start: Date;
  end: Date;
  /** First name and last initial: enough for the care team to recognise, no more. */
  patient: string;
}

export type StaffEditResult<T> =
  { saved: true; value: T } | { saved: false; stranded: StrandedVisitView[] } | null;

export interface StaffProviderHoursDeps {
  uow: UnitOfWork;
  hours: ProviderHoursService;
  customers: CustomerService;
}

export class StaffProviderHours {
  constructor(private readonly deps: StaffProviderHoursDeps) {}

  list(): Promise<ProviderHours[]> {
    return this.deps.hours.list();
  }

  get(providerId: string): Promise<ProviderHours | null> {
    return this.deps.hours.get(providerId);
  }

  private async named<T, U>(
    result: EditResult<T>,
    value: (saved: T) => Promise<U | null> | U | null,
  ): Promise<StaffEditResult<U>> {
    if (!result) return null;
    if (!result.saved) return { saved: false, stranded: await this.withNames(result.stranded) };
    const shown = await value(result.value);
    return shown === null ? null : { saved: true, value: shown };
  }

  private withNames(visits: readonly StrandedVisit[]): Promise<StrandedVisitView[]> {
    return Promise.all(
      visits.map(async ({ id, start, end, customerId }) => {
        const facts = await this.deps.customers.patientFacts(customerId);
        const [first = '', ...rest] = (facts?.name ?? '').split(' ');
        const initial = rest.join(' ').slice(0, 1);
        return { id, start, end, patient: initial ? `${first} ${initial}.` : first };
      }),
    );
  }

  async setHours(
    providerId: string,
    input: WeeklyHoursInput,
    actor: AuditActor,
  ): Promise<StaffEditResult<ProviderHours>> {
    const result = await runStaffAction(
      this.deps.uow,
      actor,
      { customerId: null, fields: ['hours'] },
      (work) => this.deps.hours.setHours(work, providerId, input),
      { lock: `provider:${providerId}` },
    );
    return this.named(result, () => this.deps.hours.get(providerId));
  }

  async addTimeOff(
    providerId: string,
    input: TimeOffInput,
    actor: AuditActor,
  ): Promise<StaffEditResult<TimeOffRow>> {
    const fields = ['startsAt', 'endsAt', ...(input.reason ? ['reason'] : [])];
    const result = await runStaffAction(
      this.deps.uow,
      actor,
      { customerId: null, fields },
      (work) => this.deps.hours.addTimeOff(work, providerId, input, actor.id ?? actor.type),
      { lock: `provider:${providerId}` },
    );
    return this.named(result, (row) => row);
  }

  removeTimeOff(providerId: string, timeOffId: string, actor: AuditActor): Promise<boolean> {
    return runStaffAction(this.deps.uow, actor, { customerId: null, fields: ['timeOff'] }, (work) =>
      this.deps.hours.removeTimeOff(work, providerId, timeOffId),
    );
  }
}

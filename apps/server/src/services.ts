import type { Db } from './db/client';
import { AuditLog } from './platform/audit';
import { Events } from './platform/events';
import type { Clock } from './platform/clock';
import type { Mailer } from './platform/mail';
import { CustomerService } from './modules/customers/service';
import { CustomerStore } from './modules/customers/store';
import { FlagStore } from './modules/flags/store';

/** What resolvers reach through the GraphQL context: one instance of each service. */
export interface Services {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  mailer: Mailer;
  events: Events;
  customers: CustomerService;
  flags: FlagStore;
}

export function createServices(db: Db, clock: Clock, mailer: Mailer): Services {
  const audit = new AuditLog(db);
  return {
    db,
    clock,
    audit,
    mailer,
    events: new Events(),
    customers: new CustomerService(new CustomerStore(db), audit),
    flags: new FlagStore(db),
  };
}

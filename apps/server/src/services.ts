import type { Db } from './db/client';
import { AuditLog } from './platform/audit';
import { Events } from './platform/events';
import type { Clock } from './platform/clock';
import type { Mailer } from './platform/mail';
import { AppointmentService } from './modules/appointments/service';
import { SlotStore } from './modules/appointments/slot-store';
import { AppointmentStore } from './modules/appointments/store';
import { CustomerService } from './modules/customers/service';
import { CustomerStore } from './modules/customers/store';
import { FlagStore } from './modules/flags/store';
import { MessageService } from './modules/messages/service';
import { NotificationService } from './modules/notifications/service';
import { SduiService } from './modules/sdui/service';
import { SduiStore } from './modules/sdui/store';

/** What resolvers reach through the GraphQL context: one instance of each service. */
export interface Services {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  mailer: Mailer;
  events: Events;
  customers: CustomerService;
  flags: FlagStore;
  notifications: NotificationService;
  messages: MessageService;
  sdui: SduiService;
  appointments: AppointmentService;
}

export function createServices(db: Db, clock: Clock, mailer: Mailer): Services {
  const audit = new AuditLog(db);
  const events = new Events();
  const customers = new CustomerService(new CustomerStore(db), audit);
  return {
    db,
    clock,
    audit,
    mailer,
    events,
    customers,
    flags: new FlagStore(db),
    notifications: new NotificationService(db, audit, clock, events, customers),
    messages: new MessageService(db, audit, clock, events),
    sdui: new SduiService(new SduiStore(db), audit),
    appointments: new AppointmentService(new AppointmentStore(db), new SlotStore(db), audit, clock),
  };
}

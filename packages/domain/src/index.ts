// Public entry of @portal/domain: pure business rules shared by the server and the web app.
export * from './constants';
export * from './vocabularies';
export * from './us-states';
export * from './errors';
export * from './money';
export * from './names';
export * from './schemas/auth';
export * from './schemas/password';
export * from './schemas/phone';
export * from './appointments/zoned-time';
export * from './appointments/windows';
export * from './appointments/slots';
export * from './appointments/presentation';
export * from './appointments/rules';
export * from './appointments/schemas';
export * from './appointments/time-zone';
export * from './schemas/identity-http';
export * from './schemas/client-error-report';
export * from './schemas/staff';
export * from './schemas/strong-sign-in';
export * from './customers/subscriptions';
export * from './customers/residence';
export * from './schemas/customer-actions';
export * from './treatment/shipment-status';
export * from './treatment/tracking-links';
export * from './treatment/dose';
export * from './treatment/runway';
export * from './treatment/timeline';
export * from './treatment/prescription-status';
export * from './schemas/treatment';
export * from './referrals/referrals';
export * from './weight/measures';
export * from './weight/import';
export * from './weight/trend';
export * from './weight/schemas';
export * from './weight/treatment-events';
export * from './billing/money';
export * from './billing/dates';
export * from './billing/plans';
export * from './billing/quote';
export * from './billing/credits';
export * from './billing/commitment';
export * from './billing/cards';
export * from './billing/failures';
export * from './billing/schemas';
export * from './forms/questionnaire';
export * from './forms/answers';
export * from './forms/enable-when';
export * from './forms/validate';
export * from './forms/side-effects';
export * from './forms/catalogue';
export * from './forms/schemas';
export * from './forms/file-kinds';
export * from './forms/medication-prefill';
export {
  SIDE_EFFECT_SYMPTOMS,
  SEVERITIES,
  type Severity,
  type SideEffectSymptom,
} from './forms/definitions/side-effect-check-in';
export * from './account/address';
export * from './account/schemas';
export * from './bulk/bulk';
export * from './staff/queue';
export * from './staff/patient';
export * from './staff/patient-actions';
export * from './schemas/provider-hours';

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

// Every table, for the database client and drizzle-kit. Each area's tables live in the file
// named after it; a module imports its own file, never this one (eslint.config.js). `catalog`
// is the provider's reference data every area reads (treatments, their configurations,
// providers); `platform`, `jobs` and `gateway` belong to platform/.
export * from './identity';
export * from './customers';
export * from './customer-actions';
export * from './catalog';
export * from './platform';
export * from './flags';
export * from './jobs';
export * from './gateway';
export * from './appointments';
export * from './preferences';
export * from './notifications';
export * from './messages';
export * from './sdui';
export * from './prescriptions';
export * from './files';
export * from './labs';
export * from './referrals';
export * from './weight';
export * from './billing';
export * from './payments';
export * from './forms';
export * from './bulk';
export * from './staff';

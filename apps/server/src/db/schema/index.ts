export * from './identity';
export * from './customers';
export * from './treatments';
export * from './platform';
export * from './appointments';
export * from './messaging';
export * from './customer-actions';
export * from './treatment-records';

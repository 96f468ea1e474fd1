export * from './identity';
export * from './customers';
export * from './treatments';
export * from './platform';

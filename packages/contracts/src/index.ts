export * from './scopes';
export * from './error-codes';
export * from './problem.response';
export * from './health.response';

export * from './error-code';
export * from './app-error';
export * from './error-envelope';
export * from './translate-error';
export * from './send-error';
export * from './all-exceptions.filter';
export * from './domain-errors';
export * from './error-formats';

export * from './logger';
export * from './request-context';

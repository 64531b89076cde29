export * from './readiness.registry';
export * from './health.module';

export * from './readiness-check';
export * from './readiness.registry';
export * from './dtos/readiness.dto';
export * from './health.module';
export { describeFailure } from './describe-failure';

export * from './hook-receiver';
export * from './docs-verifier';
export { DEFAULT_HOOKS_CONCURRENCY } from '../hooks.config';
export {
  DELIVERY_JOB_LOCK_MS,
  DELIVERY_STALL_CHECK_MS,
} from '../deliveries/jobs/delivery-job-timing';

export * from './hook-receiver';
export * from './docs-verifier';
export { DEFAULT_HOOKS_CONCURRENCY } from '../hooks.config';

export * from './queue-names';
export { QueueConfig } from './queue.config';
export { QueueRegistry } from './queue.registry';
export { OutboxWriter } from './outbox/outbox.writer';
export type { EmbeddedStatement, RowsWrite } from './outbox/outbox.repository';
export { OutboxRelay } from './outbox/outbox.relay';
export { closeWorker } from './close-worker';
export { NaturalBatcher } from './natural-batcher';
export {
  type CredentialRevocation,
  CredentialRevocationChannel,
} from './revocation/credential-revocation.channel';
export {
  type CredentialHolder,
  RevocableCache,
  type RevocableCacheOptions,
} from './revocation/revocable-cache';
export { QueueModule, type QueueModuleOptions } from './queue.module';
export type { QueueConsumption } from './wiring/queue-wiring';
export { QueueDashboardModule } from './dashboard/queue-dashboard.module';
export {
  MinuteRateLimiter,
  type MinuteRateLimiterOptions,
  type RateDecision,
} from './rate-limit/minute-rate-limiter';

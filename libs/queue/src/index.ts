export * from './queue-names';
export * from './redis-connection';
export * from './outbox/outbox.writer';
export * from './outbox/outbox.relay';
export * from './outbox/queue-registry';
export * from './revocation/credential-revocation.channel';
export * from './queue.module';

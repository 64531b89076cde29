/** For benchmarks and fixtures that write outbox events without Nest (the bare comparison routes). */
export { OutboxRepository, outboxStatements } from '../outbox/outbox.repository';
/** A Redis of a test's own, to stop and start (outages) without disturbing other test files. */
export { PrivateRedis } from './private-redis';
/** A revocation channel that unit tests drive by hand. */
export { fakeRevocationChannel } from './fake-revocation-channel';

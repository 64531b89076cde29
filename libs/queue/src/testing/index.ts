/** For benchmarks and fixtures that write outbox events without Nest (the bare comparison routes). */
export { OutboxRepository } from '../outbox/outbox.repository';

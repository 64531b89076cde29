import { OutboxEvent } from './outbox/entities/outbox-event.entity';

/** Every table the queue lib owns (schema `platform`). */
export const QUEUE_ENTITIES = [OutboxEvent];

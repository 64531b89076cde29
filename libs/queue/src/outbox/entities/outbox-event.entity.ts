import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OutboxTopic } from '../../queue-names';

@Entity({ schema: 'platform', name: 'outbox_events' })
export class OutboxEvent {
  @PrimaryGeneratedColumn('identity', { name: 'id', type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'topic', type: 'text' })
  topic!: OutboxTopic;

  @Column({ name: 'payload', type: 'jsonb' })
  payload!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Null until the relay handed the event to its queue. */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}

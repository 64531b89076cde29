import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const DELIVERY_STATES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One report sent to one hook (`hooks.deliveries`): the truth the queue jobs work from. */
@Entity({ schema: 'hooks', name: 'deliveries' })
export class Delivery {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'hook_id', type: 'uuid' })
  hookId!: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @Column({ type: 'text' })
  state!: DeliveryState;

  /** Settled network attempts over the delivery's lifetime. */
  @Column({ type: 'integer' })
  attempts!: number;

  /** Network attempts of the current round (the initial delivery or the latest replay). */
  @Column({ name: 'round_attempts', type: 'integer' })
  roundAttempts!: number;

  @Column({ name: 'replay_count', type: 'integer' })
  replayCount!: number;

  /**
   * The number of the attempt due next (or in flight): its queue job is named after it, and its
   * result is recorded only while it is still this number.
   */
  @Column({ name: 'attempt_number', type: 'integer' })
  attemptNumber!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

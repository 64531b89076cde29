import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Work a run hands to its caller at one step and waits for (`workflows.work_packets`). */
@Entity({ schema: 'workflows', name: 'work_packets' })
export class WorkPacket {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @Column({ name: 'step_index', type: 'integer' })
  stepIndex!: number;

  @Column({ type: 'text' })
  instructions!: string;

  @Column({ type: 'jsonb', nullable: true })
  result!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { StepError } from '../run-status';

export const RUN_STEP_STATUSES = ['running', 'waiting', 'completed', 'failed', 'skipped'] as const;
export type RunStepStatus = (typeof RUN_STEP_STATUSES)[number];

/** What a run recorded of one step of its definition (`workflows.run_steps`). */
@Entity({ schema: 'workflows', name: 'run_steps' })
export class RunStep {
  @PrimaryColumn({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @PrimaryColumn({ name: 'step_index', type: 'integer' })
  stepIndex!: number;

  @Column({ name: 'step_id', type: 'text' })
  stepId!: string;

  @Column({ type: 'text' })
  block!: string;

  @Column({ type: 'text' })
  status!: RunStepStatus;

  @Column({ type: 'jsonb', nullable: true })
  output!: unknown;

  @Column({ type: 'jsonb', nullable: true })
  error!: StepError | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}

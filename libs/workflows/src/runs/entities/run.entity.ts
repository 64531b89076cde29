import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { WorkflowDefinition } from '../../definitions/workflow-definition';
import type { RunStatus, StepError } from '../run-status';

export const RUN_TRIGGERS = ['api', 'webhook', 'schedule'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** One run of a workflow (`workflows.runs`); its id is also its report's id. */
@Entity({ schema: 'workflows', name: 'runs' })
export class Run {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ name: 'workflow_id', type: 'uuid' })
  workflowId!: string;

  @Column({ name: 'started_by', type: 'uuid' })
  startedBy!: string;

  @Column({ type: 'text' })
  trigger!: RunTrigger;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'jsonb' })
  inputs!: Record<string, unknown>;

  /** The workflow's definition as it was when the run started. */
  @Column({ type: 'jsonb' })
  definition!: WorkflowDefinition;

  @Column({ type: 'text' })
  status!: RunStatus;

  /** The run's own error (cancellation, staleness, budget), beside its steps' errors. */
  @Column({ type: 'jsonb', nullable: true })
  error!: StepError | null;

  /** Incremented by each claim; a worker's writes carry the generation it claimed. */
  @Column({ name: 'lease_generation', type: 'integer' })
  leaseGeneration!: number;

  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt!: Date | null;

  @Column({ name: 'wake_at', type: 'timestamptz', nullable: true })
  wakeAt!: Date | null;

  /** Claims in a row whose lease expired before a step of the run finished. */
  @Column({ name: 'claims_without_progress', type: 'integer' })
  claimsWithoutProgress!: number;

  /** How many of the run's steps had finished when the current claim was taken. */
  @Column({ name: 'progress_at_claim', type: 'integer' })
  progressAtClaim!: number;

  /** When a reconciler last handed the run (no worker holding it) to the queue. */
  @Column({ name: 'requeued_at', type: 'timestamptz', nullable: true })
  requeuedAt!: Date | null;

  @Column({ name: 'cancel_requested', type: 'boolean' })
  cancelRequested!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

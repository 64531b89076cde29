import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Schedule } from '../../schedules/schedule';
import type { WorkflowDefinition, WorkflowInput } from '../workflow-definition';

export const WORKFLOW_STATUSES = ['draft', 'active', 'archived', 'deleted'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export const WORKFLOW_VISIBILITIES = ['company', 'team', 'private'] as const;
export type WorkflowVisibility = (typeof WORKFLOW_VISIBILITIES)[number];

/** Where `output.create_page` makes every run write its report. */
export interface OutputPage {
  path: string;
  title: string;
}

/** A saved workflow (`workflows.workflows`). */
@Entity({ schema: 'workflows', name: 'workflows' })
export class Workflow {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  /** The display number, per company, from 1. */
  @Column({ type: 'integer' })
  number!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  status!: WorkflowStatus;

  @Column({ type: 'text' })
  visibility!: WorkflowVisibility;

  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId!: string | null;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'jsonb' })
  inputs!: WorkflowInput[];

  @Column({ type: 'jsonb' })
  definition!: WorkflowDefinition;

  @Column({ name: 'definition_version', type: 'integer' })
  definitionVersion!: number;

  @Column({ name: 'output_page', type: 'jsonb', nullable: true })
  outputPage!: OutputPage | null;

  @Column({ type: 'jsonb', nullable: true })
  schedule!: Schedule | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const AUTHORING_STATUSES = [
  'composing',
  'saved',
  'needs_clarification',
  'capability_gap',
  'failed',
] as const;
export type AuthoringStatus = (typeof AUTHORING_STATUSES)[number];

/** One `POST /api/workflows/blocks/design` request and where it got (`workflows.authoring_operations`). */
@Entity({ schema: 'workflows', name: 'authoring_operations' })
export class AuthoringOperation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @Column({ name: 'authoring_request_id', type: 'uuid', nullable: true })
  authoringRequestId!: string | null;

  @Column({ name: 'request_hash', type: 'bytea' })
  requestHash!: Buffer;

  @Column({ type: 'jsonb' })
  request!: Record<string, unknown>;

  @Column({ type: 'text' })
  status!: AuthoringStatus;

  @Column({ name: 'workflow_id', type: 'uuid', nullable: true })
  workflowId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  questions!: string[] | null;

  @Column({ type: 'text', nullable: true })
  gap!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The receipt of a caller-minted `run_request_id` (`workflows.run_requests`), per person.
 * It outlives its run: `runId` turns null when the run is removed.
 */
@Entity({ schema: 'workflows', name: 'run_requests' })
export class RunRequest {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @PrimaryColumn({ name: 'run_request_id', type: 'uuid' })
  runRequestId!: string;

  /** SHA-256 of the request (workflow, inputs, title): an exact retry has the same hash. */
  @Column({ name: 'request_hash', type: 'bytea' })
  requestHash!: Buffer;

  @Column({ name: 'workflow_id', type: 'uuid' })
  workflowId!: string;

  @Column({ name: 'run_id', type: 'uuid', nullable: true })
  runId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

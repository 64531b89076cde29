import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last display number given out in a company (`workflows.company_counters`). */
@Entity({ schema: 'workflows', name: 'company_counters' })
export class CompanyCounter {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ name: 'last_workflow_number', type: 'integer' })
  lastWorkflowNumber!: number;
}

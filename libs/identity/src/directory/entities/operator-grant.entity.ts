import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { OperatorRequirement } from '@cw/domain';

@Entity({ schema: 'identity', name: 'operator_grants' })
export class OperatorGrant {
  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @PrimaryColumn({ name: 'requirement', type: 'text' })
  requirement!: OperatorRequirement;

  @CreateDateColumn({ name: 'granted_at', type: 'timestamptz' })
  grantedAt!: Date;
}

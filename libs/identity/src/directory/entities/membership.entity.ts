import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { MembershipRole } from '@cw/domain';

@Entity({ schema: 'identity', name: 'memberships' })
export class Membership {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @Column({ name: 'role', type: 'text' })
  role!: MembershipRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'team_memberships' })
export class TeamMembership {
  @PrimaryColumn({ name: 'team_id', type: 'uuid' })
  teamId!: string;

  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

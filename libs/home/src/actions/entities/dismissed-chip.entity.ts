import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A chip one person hid in one company (`home.dismissed_chips`, migration 1763850000060). */
@Entity({ schema: 'home', name: 'dismissed_chips' })
export class DismissedChip {
  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @PrimaryColumn({ name: 'action_id', type: 'text' })
  actionId!: string;

  @Column({ name: 'dismissed_at', type: 'timestamptz' })
  dismissedAt!: Date;
}

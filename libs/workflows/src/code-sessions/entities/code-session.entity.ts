import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type CodeLanguage = 'javascript';

/** A person's code session (`workflows.code_sessions`); its state is rebuilt from its cells. */
@Entity({ schema: 'workflows', name: 'code_sessions' })
export class CodeSession {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @Column({ type: 'text' })
  language!: CodeLanguage;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

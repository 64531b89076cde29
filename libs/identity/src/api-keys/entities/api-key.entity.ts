import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid', { name: 'id' })
  id!: string;

  /** SHA-256 of the token: the only form stored. */
  @Column({ name: 'token_hash', type: 'bytea', unique: true, select: false })
  tokenHash!: Buffer;

  @Column({ name: 'token_prefix', type: 'text' })
  tokenPrefix!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'scopes', type: 'text', array: true })
  scopes!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

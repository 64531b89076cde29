import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The first outcome of a caller-minted mutation id, kept for replay (`wiki.page_mutations`). */
@Entity({ schema: 'wiki', name: 'page_mutations' })
export class PageMutation {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @PrimaryColumn({ name: 'person_id', type: 'uuid' })
  personId!: string;

  @PrimaryColumn({ name: 'mutation_id', type: 'uuid' })
  mutationId!: string;

  /** SHA-256 of the request, so that a reuse for another request is told apart. */
  @Column({ name: 'request_hash', type: 'bytea' })
  requestHash!: Buffer;

  @Column({ type: 'integer' })
  status!: number;

  @Column({ type: 'jsonb' })
  response!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

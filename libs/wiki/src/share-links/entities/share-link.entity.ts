import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A public read-only link to a page (`wiki.share_links`); the token is stored as its hash. */
@Entity({ schema: 'wiki', name: 'share_links' })
export class ShareLink {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'page_id', type: 'bigint' })
  pageId!: string;

  @Column({ name: 'token_hash', type: 'bytea', unique: true, select: false })
  tokenHash!: Buffer;

  /** Null for links of the release before migration 1763850000004. */
  @Column({ name: 'token_prefix', type: 'text', nullable: true })
  tokenPrefix!: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}

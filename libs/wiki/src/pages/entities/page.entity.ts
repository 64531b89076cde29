import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LaneKind } from '../../lanes/lane-path';

/** A wiki page (`wiki.pages`): where it lives, its head body and its version counters. */
@Entity({ schema: 'wiki', name: 'pages' })
export class Page {
  /** The legacy numeric id (bigint, so a string in JavaScript). */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'public_id', type: 'uuid', unique: true, default: () => 'gen_random_uuid()' })
  publicId!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ type: 'text' })
  lane!: LaneKind;

  /** The person (private lane) or team (team lane); null in the company lane. */
  @Column({ name: 'lane_owner_id', type: 'uuid', nullable: true })
  laneOwnerId!: string | null;

  @Column({ name: 'folder_id', type: 'uuid', nullable: true })
  folderId!: string | null;

  @Column({ name: 'folder_path', type: 'text' })
  folderPath!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'content_md', type: 'text', default: '' })
  contentMd!: string;

  @Column({ name: 'current_version', type: 'integer', default: 1 })
  currentVersion!: number;

  /** The highest version number stored, drafts included. */
  @Column({ name: 'last_version', type: 'integer', default: 1 })
  lastVersion!: number;

  @Column({ name: 'is_folder_index', type: 'boolean', default: false })
  isFolderIndex!: boolean;

  /** Only the people on the page's access list may read its content. */
  @Column({ type: 'boolean', default: false })
  restricted!: boolean;

  /** The title an upsert without a path resolves to this Inbox page, also after a rename. */
  @Column({ name: 'inbox_key', type: 'text', nullable: true })
  inboxKey!: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @Column({ name: 'deleted_by', type: 'uuid', nullable: true })
  deletedBy!: string | null;

  @Column({
    name: 'search_vector',
    type: 'tsvector',
    select: false,
    insert: false,
    update: false,
    generatedType: 'STORED',
    asExpression: 'wiki.page_search_vector(title, content_md)',
  })
  searchVector!: string;
}

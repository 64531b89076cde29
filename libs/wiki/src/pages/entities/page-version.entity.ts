import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A saved body of a page (`wiki.page_versions`), head or draft, with its provenance. A draft is
 * a submission kept when a newer version was already the head; it never becomes head.
 */
@Entity({ schema: 'wiki', name: 'page_versions' })
export class PageVersion {
  @PrimaryColumn({ name: 'page_id', type: 'bigint' })
  pageId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'content_md', type: 'text' })
  contentMd!: string;

  @Column({ name: 'is_draft', type: 'boolean', default: false })
  isDraft!: boolean;

  @Column({ name: 'based_on_version', type: 'integer', nullable: true })
  basedOnVersion!: number | null;

  @Column({ name: 'author_id', type: 'uuid' })
  authorId!: string;

  @Column({ name: 'saved_at', type: 'timestamptz', default: () => 'now()' })
  savedAt!: Date;

  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** `web` (session), `api_key` or `oauth`. */
  @Column({ name: 'source_kind', type: 'text', nullable: true })
  sourceKind!: string | null;

  @Column({ name: 'source_provider', type: 'text', nullable: true })
  sourceProvider!: string | null;

  @Column({ name: 'source_label', type: 'text', nullable: true })
  sourceLabel!: string | null;
}

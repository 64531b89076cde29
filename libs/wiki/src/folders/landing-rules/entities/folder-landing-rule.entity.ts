import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A folder's landing rule (`wiki.folder_landing_rules`, migration 1763850000060): Inbox pages
 * whose title matches `title_pattern` belong in the folder. One rule per folder.
 */
@Entity({ schema: 'wiki', name: 'folder_landing_rules' })
export class FolderLandingRule {
  @PrimaryColumn({ name: 'folder_id', type: 'uuid' })
  folderId!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  /** A case-insensitive glob (`*`, `?`), 1..200 characters. */
  @Column({ name: 'title_pattern', type: 'text' })
  titlePattern!: string;

  @Column({ name: 'set_by', type: 'uuid' })
  setBy!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A file attached to a page, stored with its bytes and their SHA-256 (`wiki.files`). Named
 * `PageFile`, not `File`, which is a global class of Node.
 */
@Entity({ schema: 'wiki', name: 'files' })
export class PageFile {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'page_id', type: 'bigint' })
  pageId!: string;

  @Column({ type: 'text' })
  filename!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ type: 'bytea' })
  sha256!: Buffer;

  /** Up to 10 MB: read only when downloading. */
  @Column({ type: 'bytea', select: false })
  data!: Buffer;

  @Column({ name: 'uploaded_by', type: 'uuid' })
  uploadedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

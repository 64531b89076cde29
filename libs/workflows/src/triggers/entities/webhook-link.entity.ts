import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A workflow's webhook link (`workflows.webhook_links`); the token is stored as its SHA-256. */
@Entity({ schema: 'workflows', name: 'webhook_links' })
export class WebhookLink {
  @PrimaryColumn({ name: 'workflow_id', type: 'uuid' })
  workflowId!: string;

  @Column({ name: 'public_id', type: 'uuid', unique: true })
  publicId!: string;

  @Column({ name: 'token_hash', type: 'bytea', select: false })
  tokenHash!: Buffer;

  /** Who created or last rotated the link: runs it starts act as this person. */
  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;
}

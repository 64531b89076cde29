import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LaneKind } from '../../lanes/lane-path';

/**
 * A folder of a lane (`wiki.folders`). Triggers keep `path` following the parent's current path
 * (migration 1763850000003).
 */
@Entity({ schema: 'wiki', name: 'folders' })
export class Folder {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ type: 'text' })
  lane!: LaneKind;

  /** The person (private lane) or team (team lane); null in the company lane. */
  @Column({ name: 'lane_owner_id', type: 'uuid', nullable: true })
  laneOwnerId!: string | null;

  /** Null for a folder at the lane root. */
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  path!: string;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

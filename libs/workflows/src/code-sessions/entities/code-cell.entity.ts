import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { CellStatus } from '../../code-sandbox/sandbox-types';

/** One cell a session ran (`workflows.code_cells`); its `ok` cells are replayed in order. */
@Entity({ schema: 'workflows', name: 'code_cells' })
export class CodeCell {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @PrimaryColumn({ type: 'integer' })
  cell!: number;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  status!: CellStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

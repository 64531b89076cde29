import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface OpenWorkPacket {
  id: string;
  stepIndex: number;
  instructions: string;
  /** The run's inputs, handed to whoever does the work. */
  inputs: Record<string, unknown>;
}

/** `workflows.work_packets`. */
@Injectable()
export class WorkPacketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The step's packet, inserted once: a step that runs again finds the one it made. */
  async insertOnce(
    manager: EntityManager,
    packet: { runId: string; stepIndex: number; instructions: string },
  ): Promise<string> {
    const [{ id }]: { id: string }[] = await manager.query(
      `INSERT INTO workflows.work_packets (run_id, step_index, instructions) VALUES ($1, $2, $3)
       ON CONFLICT (run_id, step_index) DO UPDATE SET instructions = workflows.work_packets.instructions
       RETURNING id`,
      [packet.runId, packet.stepIndex, packet.instructions],
    );
    return id;
  }

  /** The run's unanswered packet, with the run's inputs. */
  async findOpen(runId: string, manager?: EntityManager): Promise<OpenWorkPacket | null> {
    const [row]: OpenWorkPacket[] = await (manager ?? this.dataSource.manager).query(
      `SELECT p.id, p.step_index AS "stepIndex", p.instructions, r.inputs
         FROM workflows.work_packets p JOIN workflows.runs r ON r.id = p.run_id
        WHERE p.run_id = $1 AND p.resolved_at IS NULL
        ORDER BY p.step_index DESC LIMIT 1`,
      [runId],
    );
    return row ?? null;
  }

  /** Stores the packet's result. */
  async resolve(manager: EntityManager, packetId: string, result: unknown): Promise<void> {
    await manager.query(
      `UPDATE workflows.work_packets SET result = $2::jsonb, resolved_at = now() WHERE id = $1`,
      [packetId, JSON.stringify(result ?? null)],
    );
  }
}

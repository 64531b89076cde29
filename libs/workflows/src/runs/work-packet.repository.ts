import { Injectable } from '@nestjs/common';
import { all, first, run, type StatementRunner } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { workflowsDb } from '../workflows-schema';

export interface OpenWorkPacket {
  id: string;
  stepIndex: number;
  instructions: string;
  /** The run's inputs, handed to whoever does the work. */
  inputs: Record<string, unknown>;
}

export const workPacketStatements = {
  /** The conflict's no-op update makes the existing packet's id come back. */
  insertOnce: (packet: { runId: string; stepIndex: number; instructions: string }) =>
    workflowsDb
      .insertInto('workflows.work_packets')
      .values({
        run_id: packet.runId,
        step_index: packet.stepIndex,
        instructions: packet.instructions,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['run_id', 'step_index'])
          .doUpdateSet({ instructions: sql`workflows.work_packets.instructions` }),
      )
      .returning('id'),

  findOpen: (runId: string) =>
    workflowsDb
      .selectFrom('workflows.work_packets as p')
      .innerJoin('workflows.runs as r', 'r.id', 'p.run_id')
      .select(['p.id', 'p.step_index as stepIndex', 'p.instructions', 'r.inputs'])
      .where('p.run_id', '=', runId)
      .where('p.resolved_at', 'is', null)
      .orderBy('p.step_index', 'desc')
      .limit(1)
      .$castTo<OpenWorkPacket>(),

  resolve: (packetId: string, result: unknown) =>
    workflowsDb
      .updateTable('workflows.work_packets')
      .set({ result: JSON.stringify(result ?? null), resolved_at: sql`now()` })
      .where('id', '=', packetId),
};

/** `workflows.work_packets`. */
@Injectable()
export class WorkPacketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The step's packet, inserted once: a step that runs again finds the one it made. */
  async insertOnce(
    runner: StatementRunner,
    packet: { runId: string; stepIndex: number; instructions: string },
  ): Promise<string> {
    const [{ id }] = await all(runner, workPacketStatements.insertOnce(packet));
    return id;
  }

  /** The run's unanswered packet, with the run's inputs. */
  findOpen(runId: string, runner?: StatementRunner): Promise<OpenWorkPacket | null> {
    return first(runner ?? this.dataSource, workPacketStatements.findOpen(runId));
  }

  /** Stores the packet's result. */
  resolve(runner: StatementRunner, packetId: string, result: unknown): Promise<void> {
    return run(runner, workPacketStatements.resolve(packetId, result));
  }
}

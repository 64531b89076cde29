import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { OutboxWriter } from '@cw/queue';
import { DataSource } from 'typeorm';
import { workflowsError } from '../../errors/workflows-errors';
import { RunLeaseRepository } from '../run-lease.repository';
import { RunReadRepository } from '../run-read.repository';
import { RunStepRepository } from '../run-step.repository';
import { WorkPacketRepository } from '../work-packet.repository';
import type { ResumedRunDto } from './dtos/resumed-run.dto';
import type { WorkPacketDto } from './dtos/work-packet.dto';

const NO_RUN = 'No run with that id is readable by you.';

/** A run's work packet: reading what it asks and answering it, which resumes the run. */
@Injectable()
export class WorkPacketService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunReadRepository,
    private readonly leases: RunLeaseRepository,
    private readonly steps: RunStepRepository,
    private readonly packets: WorkPacketRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async get(actor: Actor, runId: string): Promise<WorkPacketDto> {
    const run = await this.runs.findReadable(actor, runId);
    if (!run) throw AppError.notFound(NO_RUN);
    const packet =
      run.status === 'awaiting_work_packet' ? await this.packets.findOpen(runId) : null;
    if (!packet) {
      throw workflowsError(
        'RUN_STATE_CONFLICT',
        `The run is ${run.status}, not waiting for a work packet.`,
      );
    }
    return { packet_id: packet.id, instructions: packet.instructions, inputs: packet.inputs };
  }

  /** Stores the result as the waiting step's output and hands the run back to a worker. */
  async submit(
    actor: Actor,
    runId: string,
    answer: { packet_id: string; result: unknown },
  ): Promise<ResumedRunDto> {
    return this.dataSource.transaction(async (manager) => {
      const run = await this.runs.lockReadable(manager, actor, runId);
      if (!run) throw AppError.notFound(NO_RUN);
      const packet =
        run.status === 'awaiting_work_packet' ? await this.packets.findOpen(runId, manager) : null;
      if (!packet || packet.id !== answer.packet_id.toLowerCase()) {
        throw workflowsError(
          'RUN_STATE_CONFLICT',
          run.status === 'awaiting_work_packet'
            ? 'The run is waiting for another work packet.'
            : `The run is ${run.status}, not waiting for a work packet.`,
          { details: { status: run.status } },
        );
      }
      await this.packets.resolve(manager, packet.id, answer.result);
      await this.steps.completeWaiting(manager, { runId, index: packet.stepIndex }, answer.result);
      await this.leases.resumeFromWorkPacket(manager, runId);
      await this.outbox.append(manager, 'run.requested', { run_id: runId });
      return { run_id: runId, status: 'running' as const };
    });
  }
}

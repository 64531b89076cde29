import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import { DataSource } from 'typeorm';
import { WorkflowReader } from '../definitions/workflow-reader';
import { WorkflowRepository } from '../definitions/workflow.repository';
import { RunEndingRepository } from '../runs/run-ending.repository';
import { RunReadRepository } from '../runs/run-read.repository';

/**
 * Removes a run and its report for good: the workflow's owner or a company admin (a private
 * workflow: its owner only). The run's receipt stays, so a retry of its start answers 410.
 */
@Injectable()
export class ReportRemovalService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs: RunReadRepository,
    private readonly ending: RunEndingRepository,
    private readonly workflows: WorkflowRepository,
    private readonly workflowReader: WorkflowReader,
  ) {}

  remove(actor: Actor, runId: string): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const run = await this.runs.lockReadable(manager, actor, runId);
      if (!run) throw AppError.notFound('No report with that id is readable by you.');
      const workflow = await this.workflows.findById(run.workflowId);
      if (!workflow || !this.workflowReader.canManage(actor, workflow)) {
        throw AppError.accessDenied(
          'Only the workflow’s owner or a company admin can remove its reports (a private workflow: its owner only).',
          { error: 'report_not_removable' },
        );
      }
      await this.ending.remove(manager, run.id);
    });
  }
}

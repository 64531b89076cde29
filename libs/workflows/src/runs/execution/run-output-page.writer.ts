import { Injectable } from '@nestjs/common';
import { WikiApi } from '@cw/wiki';
import { buildReport } from '../../reports/build-report';
import type { ClaimedRun } from '../run-lease.repository';
import type { StepError, StepRecord } from '../run-status';
import { reportPageMarkdown } from './report-page';
import { ACCESS_LOST, refusalOf, StarterActor } from './starter-actor';

/**
 * Writes a completing run's report summary to its workflow's output page (`output.create_page`,
 * as read when the worker claimed the run), as the person who started it, before the run is
 * marked completed.
 */
@Injectable()
export class RunOutputPageWriter {
  constructor(
    private readonly wiki: WikiApi,
    private readonly starter: StarterActor,
  ) {}

  /** Null when written (or the workflow has no output page), else why it was refused. */
  async write(run: ClaimedRun, records: readonly StepRecord[]): Promise<StepError | null> {
    const output = run.outputPage;
    if (!output) return null;
    const actor = await this.starter.resolve(run);
    if (!actor) return ACCESS_LOST;
    const report = buildReport({
      runId: run.id,
      workflow: output.workflow,
      title: null,
      status: 'completed',
      runError: null,
      createdAt: run.startedAt,
      completedAt: new Date(),
      definition: run.definition,
      records,
      receipts: [],
    });
    try {
      await this.wiki.upsert(actor, {
        ...output.page,
        markdown: reportPageMarkdown(report),
        message: `Report of workflow run ${run.id}`,
      });
      return null;
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return refusal;
    }
  }
}

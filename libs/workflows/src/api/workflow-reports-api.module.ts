import { Module } from '@nestjs/common';
import { ReportReader } from '../reports/report-reader';
import { CompletedRunsRepository } from '../runs/completed-runs.repository';
import { RunStepRepository } from '../runs/run-step.repository';
import { RunListingRepository } from '../runs/run-listing.repository';
import { RunReadRepository } from '../runs/run-read.repository';
import { WorkflowsCoreModule } from '../workflows-core.module';
import { CompletedRunsFeed } from './completed-runs-feed';
import { WorkflowReportsApi } from './workflow-reports-api';

/**
 * Reading reports from another context (report hooks) with no routes and no run workers: it
 * provides the readers it builds on itself rather than importing the runs module, which would
 * mount controllers and consume the runs queue.
 */
@Module({
  imports: [WorkflowsCoreModule],
  providers: [
    RunReadRepository,
    RunListingRepository,
    RunStepRepository,
    ReportReader,
    WorkflowReportsApi,
    CompletedRunsRepository,
    CompletedRunsFeed,
  ],
  exports: [WorkflowReportsApi, CompletedRunsFeed],
})
export class WorkflowReportsApiModule {}

import { Module } from '@nestjs/common';
import { ReportReader } from '../reports/report-reader';
import { ReportRemovalService } from '../reports/report-removal.service';
import { ReportsController } from '../reports/reports.controller';
import { RunReportWriter } from '../reports/run-report.writer';
import { WorkflowsCoreModule } from '../workflows-core.module';
import {
  RUN_EXECUTION_CONTROLLERS,
  RUN_EXECUTION_IMPORTS,
  RUN_EXECUTION_PROVIDERS,
} from './execution/run-execution.parts';
import { RunCancelService } from './run-cancel.service';
import { RunEndingRepository } from './run-ending.repository';
import { RunListingRepository } from './run-listing.repository';
import { RunReadRepository } from './run-read.repository';
import { RunRequestRepository } from './run-request.repository';
import { RunStartCountRepository } from './run-start-count.repository';
import { RunStartLimiter } from './run-start-limiter';
import { RunStartRepository } from './run-start.repository';
import { KnownWorkflowInputs } from './known-workflow-inputs';
import { RunStartService } from './run-start.service';
import { RunsController } from './runs.controller';

/** Starting, executing, cancelling and reading runs; reports. */
@Module({
  imports: [WorkflowsCoreModule, ...RUN_EXECUTION_IMPORTS],
  controllers: [RunsController, ReportsController, ...RUN_EXECUTION_CONTROLLERS],
  providers: [
    RunStartRepository,
    RunReadRepository,
    RunListingRepository,
    RunEndingRepository,
    RunRequestRepository,
    RunStartCountRepository,
    RunStartLimiter,
    RunStartService,
    KnownWorkflowInputs,
    RunCancelService,
    RunReportWriter,
    ReportReader,
    ReportRemovalService,
    ...RUN_EXECUTION_PROVIDERS,
  ],
  exports: [RunStartService, RunReportWriter],
})
export class WorkflowRunsModule {}

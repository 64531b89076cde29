import { Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { ReportListQueryDto } from './dtos/report-list-query.dto';
import { ReportListDto } from './dtos/report-list.dto';
import { ReportDto } from './dtos/report.dto';
import { ReportReader } from './report-reader';
import { ReportRemovalService } from './report-removal.service';

const REPORT_ID = {
  name: 'report_id',
  description: "The report's (its run's) id.",
  format: 'uuid',
};

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/reports')
export class ReportsController {
  constructor(
    private readonly reader: ReportReader,
    private readonly removal: ReportRemovalService,
  ) {}

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'listReports',
    summary: 'Lists the reports you may read, newest first.',
    description:
      'Filter by run `status` and `workflow_public_id`; page with `limit` (1..200) and ' +
      '`offset`. `total` counts every report you may read that matches.',
  })
  @ApiOkResponse({ type: ReportListDto })
  list(@CurrentActor() actor: Actor, @Query() query: ReportListQueryDto): Promise<ReportListDto> {
    return this.reader.list(
      actor,
      { status: query.status, workflowId: query.workflow_public_id?.toLowerCase() },
      { limit: query.limit, offset: query.offset },
    );
  }

  @Get(':report_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'getReport',
    summary: "A run's report (schema_version 2): execution status, outcome, states, deliverables.",
    description:
      'The same body a report hook receives. `presentation.outcome.status` says whether the ' +
      'run achieved its purpose; `deliverables` whether each required output was delivered. A ' +
      'report you may not read: 404.',
  })
  @ApiParam(REPORT_ID)
  @ApiOkResponse({ type: ReportDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('report_id', uuidParam('report_id')) reportId: string,
  ): Promise<ReportDto> {
    return this.reader.report(actor, reportId);
  }

  @Delete(':report_id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'deleteReport',
    summary: 'Removes a run and its report for good (the workflow’s owner or a company admin).',
    description: 'A retry of the start that made the run then answers 410 RUN_REMOVED.',
  })
  @ApiParam(REPORT_ID)
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: Actor,
    @Param('report_id', uuidParam('report_id')) reportId: string,
  ): Promise<void> {
    await this.removal.remove(actor, reportId);
  }
}

import { Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy, uuidParam } from '@cw/platform';
import { ReportListQueryDto } from './dtos/report-list-query.dto';
import { ReportListDto } from './dtos/report-list.dto';
import { ReportDto } from './dtos/report.dto';
import type { Report } from './report';
import { type ReportList, ReportReader } from './report-reader';
import { ReportRemovalService } from './report-removal.service';

const REPORT_ID = {
  name: 'report_id',
  description: "The report's (its run's) id.",
  format: 'uuid',
};

@ApiTags('workflows')
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
  })
  @ApiOkResponse({ type: ReportListDto })
  list(@CurrentActor() actor: Actor, @Query() query: ReportListQueryDto): Promise<ReportList> {
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
  })
  @ApiParam(REPORT_ID)
  @ApiOkResponse({ type: ReportDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('report_id', uuidParam('report_id')) reportId: string,
  ): Promise<Report> {
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

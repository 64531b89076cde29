import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { parseWorkflowRef } from '../definitions/workflow-ref';
import { ReportReader } from '../reports/report-reader';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { CancelledRunDto } from './dtos/cancelled-run.dto';
import { RunViewDto } from './dtos/run-view.dto';
import { StartedRunDto } from './dtos/started-run.dto';
import { StartRunDto } from './dtos/start-run.dto';
import { RunCancelService } from './run-cancel.service';
import { RunStartService } from './run-start.service';

const RUN_ID = { name: 'run_id', description: "The run's id (also its report's).", format: 'uuid' };

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflows')
export class RunsController {
  constructor(
    private readonly starter: RunStartService,
    private readonly canceller: RunCancelService,
    private readonly reports: ReportReader,
  ) {}

  @Post(':workflow_id/run')
  @HttpCode(201)
  @RoutePolicy({ access: 'person', scopes: ['workflows:run'], mcpTools: ['run_workflow'] })
  @ApiOperation({
    operationId: 'runWorkflow',
    summary: 'Starts a run of a draft or active workflow; it does not wait for the run.',
    description:
      '201 `running` for a new run. With `run_request_id`, an exact retry by the same person ' +
      '(same workflow, inputs and title) answers 200 with the same run and its current status; ' +
      'the same key with another request 409 WORKFLOW_RUN_REQUEST_CONFLICT, after the run was ' +
      'removed 410 RUN_REMOVED. Archived: 409 WORKFLOW_NOT_STARTABLE. Over the hourly limit: ' +
      '429 RATE_LIMITED with Retry-After.',
  })
  @ApiParam({ name: 'workflow_id', description: 'The workflow UUID or its display number.' })
  @ApiBody({
    type: StartRunDto,
    examples: {
      withRetryKey: {
        summary: 'Inputs, a title and a retry key',
        value: {
          inputs: { topic: 'pricing' },
          run_request_id: '9b2f7c1e-4a6d-4e8b-b1c3-5d7e9f0a2b4c',
          title: 'Pricing digest, week 47',
        },
      },
      noInputs: { summary: 'A workflow without inputs', value: {} },
    },
  })
  @ApiCreatedResponse({ type: StartedRunDto, description: 'A new run.' })
  @ApiOkResponse({ type: StartedRunDto, description: 'An exact retry: the same run.' })
  async start(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
    @Body() body: StartRunDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StartedRunDto> {
    const started = await this.starter.start({
      trigger: 'api',
      actor,
      workflow: parseWorkflowRef(workflowId),
      inputs: body.inputs ?? {},
      runRequestId: body.run_request_id,
      title: body.title,
    });
    if (!started.created) void reply.status(200);
    return { success: true, run_id: started.run_id, status: started.status };
  }

  @Get('runs/:run_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'], mcpTools: ['get_workflow_run'] })
  @ApiOperation({
    operationId: 'getWorkflowRun',
    summary: "A run's status, outcome, errors and per-step progress.",
    description:
      'Poll it while `status` is queued or running. `completed` is not success by itself: ' +
      'check `outcome.status` (a required deliverable may be missing). The report is at ' +
      '`report_url`. A run you may not read: 404.',
  })
  @ApiParam(RUN_ID)
  @ApiOkResponse({ type: RunViewDto })
  view(
    @CurrentActor() actor: Actor,
    @Param('run_id', uuidParam('run_id')) runId: string,
  ): Promise<RunViewDto> {
    return this.reports.runView(actor, runId);
  }

  @Post('runs/:run_id/cancel')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['workflows:run'] })
  @ApiOperation({
    operationId: 'cancelWorkflowRun',
    summary: 'Cancels a run that has not ended; an ended run is 409 RUN_STATE_CONFLICT.',
    description:
      'Between steps or waiting, the run ends `cancelled` at once with its report. While a step ' +
      'runs, the run stops after that step (`cancel_requested`, current status).',
  })
  @ApiParam(RUN_ID)
  @ApiOkResponse({ type: CancelledRunDto })
  cancel(
    @CurrentActor() actor: Actor,
    @Param('run_id', uuidParam('run_id')) runId: string,
  ): Promise<CancelledRunDto> {
    return this.canceller.cancel(actor, runId);
  }
}

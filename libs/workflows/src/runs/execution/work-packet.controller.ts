import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import { WORKFLOWS_API_TAG } from '../../workflows-api-tags';
import { ResumedRunDto } from './dtos/resumed-run.dto';
import { WorkPacketResultDto } from './dtos/work-packet-result.dto';
import { WorkPacketDto } from './dtos/work-packet.dto';
import { WorkPacketService } from './work-packet.service';

const RUN_ID = { name: 'run_id', description: "The run's id (also its report's).", format: 'uuid' };

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflows/runs')
export class WorkPacketController {
  constructor(private readonly packets: WorkPacketService) {}

  @Get(':run_id/work-packet')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'getWorkflowRunWorkPacket',
    summary: 'The work a run in `awaiting_work_packet` waits for.',
    description: 'A run not waiting for a work packet answers 409 RUN_STATE_CONFLICT.',
  })
  @ApiParam(RUN_ID)
  @ApiOkResponse({ type: WorkPacketDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('run_id', uuidParam('run_id')) runId: string,
  ): Promise<WorkPacketDto> {
    return this.packets.get(actor, runId);
  }

  @Post(':run_id/work-packet')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['workflows:run'] })
  @ApiOperation({
    operationId: 'submitWorkflowRunWorkPacket',
    summary: "Answers a run's work packet; the run resumes with `result` as that step's output.",
    description:
      'A run not waiting for that packet (another packet, already answered, ended) answers ' +
      '409 RUN_STATE_CONFLICT and nothing changes.',
  })
  @ApiParam(RUN_ID)
  @ApiOkResponse({ type: ResumedRunDto })
  submit(
    @CurrentActor() actor: Actor,
    @Param('run_id', uuidParam('run_id')) runId: string,
    @Body() body: WorkPacketResultDto,
  ): Promise<ResumedRunDto> {
    return this.packets.submit(actor, runId, body);
  }
}

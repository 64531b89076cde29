import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { UpdateWorkflowDto } from './dtos/update-workflow.dto';
import { WorkflowDto } from './dtos/workflow.dto';
import { WorkflowListDto } from './dtos/workflow-list.dto';
import { WorkflowListQueryDto } from './dtos/workflow-list-query.dto';
import { WorkflowManageService } from './workflow-manage.service';
import { parseWorkflowRef } from './workflow-ref';

const WORKFLOW_ID = {
  name: 'workflow_id',
  description: 'The workflow UUID or its display number.',
  example: '7',
};

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowManageService) {}

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'listWorkflows',
    summary: 'Lists the workflows you can see, by display number.',
    description:
      'The company workflows, those of your teams and your private ones, narrowed by `status` ' +
      'when given. Paged with `limit`/`offset`; `total` counts every match.',
  })
  @ApiOkResponse({ type: WorkflowListDto })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: WorkflowListQueryDto,
  ): Promise<WorkflowListDto> {
    return this.workflows.list(actor, query);
  }

  @Get(':workflow_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'getWorkflow',
    summary: 'Reads a workflow you can see.',
    description:
      'Its inputs, definition (steps, deliverables, budget), schedule and output page. A ' +
      'workflow you cannot see: 404.',
  })
  @ApiParam(WORKFLOW_ID)
  @ApiOkResponse({ type: WorkflowDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
  ): Promise<WorkflowDto> {
    return this.workflows.get(actor, parseWorkflowRef(workflowId));
  }

  @Patch(':workflow_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'updateWorkflow',
    summary:
      'Renames a workflow or sets it draft, active or archived (owner or company admin; a private workflow: its owner).',
    description:
      'Archiving stops new starts (a retry of an earlier start still recovers its run); the ' +
      'schedule follows the status. Answers the workflow as changed.',
  })
  @ApiParam(WORKFLOW_ID)
  @ApiOkResponse({ type: WorkflowDto })
  update(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
    @Body() body: UpdateWorkflowDto,
  ): Promise<WorkflowDto> {
    return this.workflows.update(actor, parseWorkflowRef(workflowId), {
      name: body.name,
      status: body.status,
    });
  }

  @Delete(':workflow_id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'deleteWorkflow',
    summary: 'Deletes a workflow (status deleted; owner or company admin). Its runs stay readable.',
    description:
      'Sets its status to deleted: it can no longer be started and its schedule stops. Its ' +
      'runs and reports are kept.',
  })
  @ApiParam(WORKFLOW_ID)
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
  ): Promise<void> {
    await this.workflows.remove(actor, parseWorkflowRef(workflowId));
  }
}

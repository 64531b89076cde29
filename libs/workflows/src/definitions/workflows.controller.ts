import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import { UpdateWorkflowDto } from './dtos/update-workflow.dto';
import { WorkflowDto } from './dtos/workflow.dto';
import { WorkflowListDto } from './dtos/workflow-list.dto';
import { WorkflowListQueryDto } from './dtos/workflow-list-query.dto';
import { type WorkflowListResponse, WorkflowManageService } from './workflow-manage.service';
import { parseWorkflowRef } from './workflow-ref';
import type { WorkflowView } from './workflow-view';

const WORKFLOW_ID = {
  name: 'workflow_id',
  description: 'The workflow UUID or its display number.',
  example: '7',
};

@ApiTags('workflows')
@Controller('api/workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowManageService) {}

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'listWorkflows',
    summary: 'Lists the workflows you can see, by display number.',
  })
  @ApiOkResponse({ type: WorkflowListDto })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: WorkflowListQueryDto,
  ): Promise<WorkflowListResponse> {
    return this.workflows.list(actor, query);
  }

  @Get(':workflow_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({ operationId: 'getWorkflow', summary: 'Reads a workflow you can see.' })
  @ApiParam(WORKFLOW_ID)
  @ApiOkResponse({ type: WorkflowDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
  ): Promise<WorkflowView> {
    return this.workflows.get(actor, parseWorkflowRef(workflowId));
  }

  @Patch(':workflow_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'updateWorkflow',
    summary:
      'Renames a workflow or sets it draft, active or archived (owner or company admin; a private workflow: its owner).',
  })
  @ApiParam(WORKFLOW_ID)
  @ApiOkResponse({ type: WorkflowDto })
  update(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
    @Body() body: UpdateWorkflowDto,
  ): Promise<WorkflowView> {
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

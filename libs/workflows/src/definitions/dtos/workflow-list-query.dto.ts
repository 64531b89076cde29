import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { WindowQueryDto } from '../../common/dtos/window-query.dto';
import { WORKFLOW_STATUSES, type WorkflowStatus } from '../entities/workflow.entity';

const LISTED_STATUSES = WORKFLOW_STATUSES.filter((status) => status !== 'deleted');

export class WorkflowListQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: LISTED_STATUSES })
  @IsOptional()
  @IsIn(LISTED_STATUSES)
  status?: Exclude<WorkflowStatus, 'deleted'>;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsIn } from 'class-validator';
import { WindowQueryDto } from '../../common/dtos/window-query.dto';
import { WORKFLOW_STATUSES, type WorkflowStatus } from '../../workflows-schema';

const LISTED_STATUSES = WORKFLOW_STATUSES.filter((status) => status !== 'deleted');

export class WorkflowListQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: LISTED_STATUSES })
  @IsOmittable()
  @IsIn(LISTED_STATUSES)
  status?: Exclude<WorkflowStatus, 'deleted'>;
}

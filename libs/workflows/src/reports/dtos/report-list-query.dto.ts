import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid } from '@cw/platform';
import { IsIn } from 'class-validator';
import { WindowQueryDto } from '../../common/dtos/window-query.dto';
import { RUN_STATUSES, type RunStatus } from '../../runs/run-status';

export class ReportListQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: RUN_STATUSES, description: 'Only runs in this execution status.' })
  @IsOmittable()
  @IsIn(RUN_STATUSES)
  status?: RunStatus;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this workflow's reports." })
  @IsOmittable()
  @IsUuid()
  workflow_public_id?: string;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsIn, IsString, Length } from 'class-validator';
import type { WorkflowStatus } from '../../workflows-schema';

export const SETTABLE_STATUSES = ['draft', 'active', 'archived'] as const;

/** Renames a workflow or moves it between draft, active and archived. */
export class UpdateWorkflowDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOmittable()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({ enum: SETTABLE_STATUSES })
  @IsOmittable()
  @IsIn(SETTABLE_STATUSES)
  status?: Extract<WorkflowStatus, (typeof SETTABLE_STATUSES)[number]>;
}

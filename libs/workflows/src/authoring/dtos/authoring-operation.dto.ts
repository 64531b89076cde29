import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WorkflowDto } from '../../definitions/dtos/workflow.dto';
import { AUTHORING_STATUSES, type AuthoringStatus } from '../../workflows-schema';
import type { AuthoringOperationResponse } from '../workflow-authoring.service';

/** An authoring operation: `composing` while in the background, then its end state. */
export class AuthoringOperationDto implements AuthoringOperationResponse {
  @ApiProperty({ format: 'uuid' }) operation_id!: string;
  @ApiProperty({ enum: AUTHORING_STATUSES }) status!: AuthoringStatus;
  @ApiProperty({ example: '/api/workflows/authoring-operations/0b6e…' }) status_url!: string;
  @ApiPropertyOptional({ type: WorkflowDto, description: 'When `saved`.' })
  workflow?: WorkflowDto;
  @ApiPropertyOptional({ type: [String], description: 'When `needs_clarification`.' })
  questions?: string[];
  @ApiPropertyOptional({ description: 'When `capability_gap`: what no block can do.' })
  gap?: string;
  @ApiPropertyOptional({ description: 'When `failed`.' })
  error?: string;
}

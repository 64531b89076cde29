import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, UUID_V4_PATTERN } from '@cw/platform';
import { IsObject, IsString, IsUUID, MaxLength } from 'class-validator';

/** `POST /api/workflows/{workflow_id}/run`. */
export class StartRunDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    description: "Values of the workflow's declared inputs; omitted equals empty.",
    example: { topic: 'pricing' },
  })
  @IsOmittable()
  @IsObject()
  inputs?: Record<string, unknown>;

  @ApiPropertyOptional({
    format: 'uuid',
    pattern: UUID_V4_PATTERN,
    description:
      'A UUID v4 you mint per intended run: an exact retry (same workflow, inputs, title) answers the same run.',
  })
  @IsOmittable()
  @IsUUID('4')
  run_request_id?: string;

  @ApiPropertyOptional({ maxLength: 300, example: 'Pricing digest, week 47' })
  @IsOmittable()
  @IsString()
  @MaxLength(300)
  title?: string;
}

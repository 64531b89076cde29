import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsArray, IsObject, IsString, Length } from 'class-validator';

/** An explicit plan. With `steps` it is saved exactly as sent (after validation). */
export class DesignIntentDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOmittable()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        type: { type: 'string', enum: ['text', 'number', 'boolean'] },
        required: { type: 'boolean' },
        description: { type: 'string' },
      },
    },
    description: 'The declared inputs `[{name, type, required}]`.',
  })
  @IsOmittable()
  @IsArray()
  @IsObject({ each: true })
  inputs?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Ordered steps `{id, block, ...block fields}` (GET /api/workflow-capabilities).',
  })
  @IsOmittable()
  @IsArray()
  @IsObject({ each: true })
  steps?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: '`[{name, required, from_step}]`.',
  })
  @IsOmittable()
  @IsArray()
  @IsObject({ each: true })
  deliverables?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'object',
    properties: { max_steps: { type: 'integer' }, max_seconds: { type: 'integer' } },
  })
  @IsOmittable()
  @IsObject()
  budget?: Record<string, unknown>;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsObject, IsOptional, IsString, Length } from 'class-validator';

/** An explicit plan. With `steps` it is saved exactly as sent (after validation). */
export class DesignIntentDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptional()
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
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  inputs?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Ordered steps `{id, block, ...block fields}` (GET /api/workflow-capabilities).',
  })
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  steps?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: '`[{name, required, from_step}]`.',
  })
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  deliverables?: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: 'object',
    properties: { max_steps: { type: 'integer' }, max_seconds: { type: 'integer' } },
  })
  @IsOptional()
  @IsObject()
  budget?: Record<string, unknown>;
}

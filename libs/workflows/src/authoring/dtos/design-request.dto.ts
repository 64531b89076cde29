import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsUuid, UUID_V4_PATTERN } from '@cw/platform';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsString, IsUUID, Length, ValidateNested } from 'class-validator';
import { WORKFLOW_VISIBILITIES } from '../../workflows-schema';
import { DesignIntentDto } from './design-intent.dto';
import { DesignOutputDto } from './design-output.dto';
import { DesignTriggerDto } from './design-trigger.dto';

export const START_AS = ['draft', 'active'] as const;
export const EXECUTION_MODES = ['automatic', 'assisted'] as const;

/** `POST /api/workflows/blocks/design`. */
export class DesignRequestDto {
  @ApiPropertyOptional({
    description:
      'The job in the person’s own words. Required without intent.steps (the composer plans from it).',
    maxLength: 20_000,
  })
  @IsOmittable()
  @IsString()
  @Length(1, 20_000)
  job?: string;

  @ApiPropertyOptional({ enum: START_AS, default: 'draft' })
  @IsOmittable()
  @IsIn(START_AS)
  start_as?: (typeof START_AS)[number];

  @ApiPropertyOptional({
    description:
      'Wait for the composer and answer its end state instead of 202. Not part of the request identity.',
    default: false,
  })
  @IsOmittable()
  @IsBoolean()
  wait?: boolean;

  @ApiPropertyOptional({
    format: 'uuid',
    pattern: UUID_V4_PATTERN,
    description:
      'Caller-minted UUID v4: the same body again answers the same operation; another body is 409 AUTHORING_REQUEST_CONFLICT.',
  })
  @IsOmittable()
  @IsUUID('4')
  authoring_request_id?: string;

  @ApiPropertyOptional({ enum: WORKFLOW_VISIBILITIES, default: 'company' })
  @IsOmittable()
  @IsIn(WORKFLOW_VISIBILITIES)
  visibility?: (typeof WORKFLOW_VISIBILITIES)[number];

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'With visibility `team` (and only then): one of your teams.',
  })
  @IsOmittable()
  @IsUuid()
  team_id?: string;

  @ApiPropertyOptional({ type: DesignOutputDto })
  @IsOmittable()
  @ValidateNested()
  @Type(() => DesignOutputDto)
  output?: DesignOutputDto;

  @ApiPropertyOptional({ type: DesignTriggerDto })
  @IsOmittable()
  @ValidateNested()
  @Type(() => DesignTriggerDto)
  trigger?: DesignTriggerDto;

  @ApiPropertyOptional({ description: 'The model to plan with; the configured one by default.' })
  @IsOmittable()
  @IsString()
  @Length(1, 200)
  model?: string;

  @ApiPropertyOptional({
    description: 'Which sources the workflow must use, in words; guidance for the composer.',
  })
  @IsOmittable()
  @IsString()
  @Length(1, 4_000)
  source_requirements?: string;

  @ApiPropertyOptional({
    description: 'What the report must contain, in words; guidance for the composer.',
  })
  @IsOmittable()
  @IsString()
  @Length(1, 4_000)
  report_spec?: string;

  @ApiPropertyOptional({
    type: DesignIntentDto,
    description:
      'With steps: the plan saved exactly as sent. Without: its name names the workflow and its inputs guide the composer.',
  })
  @IsOmittable()
  @ValidateNested()
  @Type(() => DesignIntentDto)
  intent?: DesignIntentDto;

  @ApiPropertyOptional({
    enum: EXECUTION_MODES,
    default: 'automatic',
    description:
      '`automatic`: the composer plans steps that run unattended; `assisted`: it may hand parts to a person as work_packet steps.',
  })
  @IsOmittable()
  @IsIn(EXECUTION_MODES)
  execution_mode?: (typeof EXECUTION_MODES)[number];
}

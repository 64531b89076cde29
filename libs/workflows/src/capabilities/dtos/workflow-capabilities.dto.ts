import { ApiProperty } from '@nestjs/swagger';
import { BLOCK_NAMES } from '../../blocks/block-catalog';

export class BlockCapabilityDto {
  @ApiProperty({ enum: BLOCK_NAMES }) block!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema (2020-12) of the step’s fields beside id and block.',
  })
  input_schema!: Record<string, unknown>;
}

export class TriggerCapabilityDto {
  @ApiProperty({ enum: ['manual', 'webhook', 'schedule'] }) trigger!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema of what the trigger takes.',
  })
  input_schema!: Record<string, unknown>;
}

export class WorkflowCapabilitiesDto {
  @ApiProperty({ type: [BlockCapabilityDto] }) blocks!: BlockCapabilityDto[];
  @ApiProperty({
    type: [String],
    description: 'The configured model(s) for composing and model.generate.',
  })
  models!: string[];
  @ApiProperty({ type: String, nullable: true, description: 'Why `models` is empty.' })
  models_note!: string | null;
  @ApiProperty({ type: [TriggerCapabilityDto] }) triggers!: TriggerCapabilityDto[];
}

import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { BLOCK_NAMES, type BlockName } from '../../blocks/block-catalog';
import type { TriggerCapability, WorkflowCapabilities } from '../workflow-capabilities';

type BlockCapability = WorkflowCapabilities['blocks'][number];
type TriggerName = TriggerCapability['trigger'];

export class BlockCapabilityDto implements BlockCapability {
  @ApiProperty({ enum: BLOCK_NAMES }) block!: BlockName;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema (2020-12) of the step’s fields beside id and block.',
  })
  input_schema!: Record<string, unknown>;
}

export class TriggerCapabilityDto implements TriggerCapability {
  @ApiProperty({ enum: unionValues<TriggerName>({ manual: true, webhook: true, schedule: true }) })
  trigger!: TriggerName;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema of what the trigger takes.',
  })
  input_schema!: Record<string, unknown>;
}

export class WorkflowCapabilitiesDto implements WorkflowCapabilities {
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

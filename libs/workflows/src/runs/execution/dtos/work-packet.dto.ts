import { ApiProperty } from '@nestjs/swagger';

/** The work a run waits for: do it, then post the result with the packet id. */
export class WorkPacketDto {
  @ApiProperty({ format: 'uuid' }) packet_id!: string;
  @ApiProperty({ description: 'What to do (the step’s rendered instructions).' })
  instructions!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The inputs the run started with.',
  })
  inputs!: Record<string, unknown>;
}

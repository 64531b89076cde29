import { IsUuid } from '@cw/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';

/** The result of a run's work packet; it becomes the output of the step that asked for it. */
export class WorkPacketResultDto {
  @ApiProperty({ format: 'uuid', description: 'The packet being answered.' })
  @IsUuid()
  packet_id!: string;

  @ApiProperty({ description: 'Any JSON value: the step’s output.' })
  @IsDefined()
  result!: unknown;
}

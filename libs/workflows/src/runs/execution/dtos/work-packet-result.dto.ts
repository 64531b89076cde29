import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsUUID } from 'class-validator';

/** The result of a run's work packet; it becomes the output of the step that asked for it. */
export class WorkPacketResultDto {
  @ApiProperty({ format: 'uuid', description: 'The packet being answered.' })
  @IsUUID()
  packet_id!: string;

  @ApiProperty({ description: 'Any JSON value: the step’s output.' })
  @IsDefined()
  result!: unknown;
}

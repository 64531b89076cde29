import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

export class ReplayDeliveryDto {
  @ApiProperty({
    minimum: 0,
    example: 0,
    description:
      'The `replay_count` you read: the replay happens only while it is still the delivery’s.',
  })
  @IsInt()
  @Min(0)
  @Max(2_147_483_646)
  replay_count!: number;
}

import { ApiProperty } from '@nestjs/swagger';

export class LivenessDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';
}

export class ServingDto {
  @ApiProperty({ enum: ['serving'] })
  status!: 'serving';
}

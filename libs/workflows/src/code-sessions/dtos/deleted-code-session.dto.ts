import { ApiProperty } from '@nestjs/swagger';

export class DeletedCodeSessionDto {
  @ApiProperty({ format: 'uuid' }) session_id!: string;
  @ApiProperty({ enum: [true] }) deleted!: true;
}

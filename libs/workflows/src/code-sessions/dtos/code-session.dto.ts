import { ApiProperty } from '@nestjs/swagger';

export class CodeSessionDto {
  @ApiProperty({ format: 'uuid' }) session_id!: string;
  @ApiProperty({ enum: ['javascript'] }) language!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When the session ends unless a cell runs before; each cell moves it on.',
  })
  expires_at!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import type { CodeLanguage } from '../../workflows-schema';

export class CodeSessionDto {
  @ApiProperty({ format: 'uuid' }) session_id!: string;
  @ApiProperty({ enum: unionValues<CodeLanguage>({ javascript: true }) }) language!: CodeLanguage;
  @ApiProperty({
    format: 'date-time',
    description: 'When the session ends unless a cell runs before; each cell moves it on.',
  })
  expires_at!: string;
}

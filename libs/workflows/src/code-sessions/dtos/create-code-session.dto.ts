import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { CodeLanguage } from '../entities/code-session.entity';

export class CreateCodeSessionDto {
  @ApiPropertyOptional({ enum: ['javascript'], default: 'javascript' })
  @IsOptional()
  @IsIn(['javascript'])
  language?: CodeLanguage;
}

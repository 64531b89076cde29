import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsString, Length, MaxLength } from 'class-validator';
import { MAX_MARKDOWN, PAGE_TITLE } from './page-fields';

export class CreatePageDto {
  @ApiProperty(PAGE_TITLE)
  @IsString()
  @Length(PAGE_TITLE.minLength, PAGE_TITLE.maxLength)
  title!: string;

  @ApiPropertyOptional({ maxLength: MAX_MARKDOWN, default: '' })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  markdown?: string;

  @ApiPropertyOptional({
    description: 'Folder path; default the Private Inbox.',
    example: '/Company/Runbooks',
  })
  @IsOmittable()
  @IsString()
  @Length(1, 2000)
  path?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  message?: string;
}

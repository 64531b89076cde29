import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsInt, IsString, Length, MaxLength, Min } from 'class-validator';
import { MAX_MARKDOWN, PAGE_TITLE } from './page-fields';

export class UpsertRequestDto {
  @ApiProperty(PAGE_TITLE)
  @IsString()
  @Length(PAGE_TITLE.minLength, PAGE_TITLE.maxLength)
  title!: string;

  @ApiProperty({ maxLength: MAX_MARKDOWN })
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  markdown!: string;

  @ApiPropertyOptional({
    description: 'Folder path; omitted: the Private Inbox.',
    example: '/Company/Runbooks',
  })
  @IsOmittable()
  @IsString()
  @Length(1, 2000)
  path?: string;

  @ApiPropertyOptional({
    minimum: 1,
    description: 'When the page exists: the version the caller observed.',
  })
  @IsOmittable()
  @IsInt()
  @Min(1)
  expected_version?: number;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  message?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const MAX_MARKDOWN = 1_000_000;
const TITLE = { minLength: 1, maxLength: 300 };

export class ReplaceEditDto {
  @ApiProperty({ enum: ['replace'] })
  @IsIn(['replace'])
  kind!: 'replace';

  @ApiProperty({ description: 'Exact text to find (non-empty).', maxLength: 100_000 })
  @IsString()
  @Length(1, 100_000)
  find!: string;

  @ApiProperty({
    description: 'Replacement text (may be empty to delete).',
    maxLength: MAX_MARKDOWN,
  })
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  replace!: string;

  @ApiPropertyOptional({
    description: 'Replace every occurrence instead of requiring exactly one.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  all?: boolean;
}

/** What every versioned write carries: the version observed and the caller's retry identity. */
export class VersionedMutationDto {
  @ApiProperty({ minimum: 1, description: 'The version the caller observed.' })
  @IsInt()
  @Min(1)
  expected_version!: number;

  @ApiProperty({ format: 'uuid', description: 'Caller-minted retry identity (UUID v4).' })
  @IsUUID('4')
  mutation_id!: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'Change message kept with the version.' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  message?: string;
}

export class EditRequestDto extends VersionedMutationDto {
  @ApiProperty({ type: [ReplaceEditDto], minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ReplaceEditDto)
  edits!: ReplaceEditDto[];

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 10,
    default: 3,
    description: 'Bounds server re-planning.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10)
  max_attempts?: number;
}

export class ReplacementRequestDto extends VersionedMutationDto {
  @ApiProperty(TITLE)
  @IsString()
  @Length(TITLE.minLength, TITLE.maxLength)
  title!: string;

  @ApiProperty({ maxLength: MAX_MARKDOWN })
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  markdown!: string;
}

export class AppendRequestDto extends VersionedMutationDto {
  @ApiProperty({ minLength: 1, maxLength: MAX_MARKDOWN })
  @IsString()
  @Length(1, MAX_MARKDOWN)
  markdown!: string;
}

export class UpsertRequestDto {
  @ApiProperty(TITLE)
  @IsString()
  @Length(TITLE.minLength, TITLE.maxLength)
  title!: string;

  @ApiProperty({ maxLength: MAX_MARKDOWN })
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  markdown!: string;

  @ApiPropertyOptional({
    description: 'Folder path; omitted: the Private Inbox.',
    example: '/Company/Runbooks',
  })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  path?: string;

  @ApiPropertyOptional({
    minimum: 1,
    description: 'When the page exists: the version the caller observed.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  expected_version?: number;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  message?: string;
}

export class CreatePageDto {
  @ApiProperty(TITLE)
  @IsString()
  @Length(TITLE.minLength, TITLE.maxLength)
  title!: string;

  @ApiPropertyOptional({ maxLength: MAX_MARKDOWN, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  markdown?: string;

  @ApiPropertyOptional({
    description: 'Folder path; default the Private Inbox.',
    example: '/Company/Runbooks',
  })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  path?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  message?: string;
}

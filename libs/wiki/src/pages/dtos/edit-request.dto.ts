import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_MARKDOWN } from './page-fields';
import { VersionedMutationDto } from './versioned-mutation.dto';

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
  @IsOmittable()
  @IsBoolean()
  all?: boolean;
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
  @IsOmittable()
  @IsInt()
  @Min(1)
  @Max(10)
  max_attempts?: number;
}

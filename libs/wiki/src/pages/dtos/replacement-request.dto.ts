import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { MAX_MARKDOWN, PAGE_TITLE } from './page-fields';
import { VersionedMutationDto } from './versioned-mutation.dto';

export class ReplacementRequestDto extends VersionedMutationDto {
  @ApiProperty(PAGE_TITLE)
  @IsString()
  @Length(PAGE_TITLE.minLength, PAGE_TITLE.maxLength)
  title!: string;

  @ApiProperty({ maxLength: MAX_MARKDOWN })
  @IsString()
  @MaxLength(MAX_MARKDOWN)
  markdown!: string;
}

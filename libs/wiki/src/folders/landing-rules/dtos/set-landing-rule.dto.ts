import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { TITLE_PATTERN_MAX } from '../title-glob';

export class SetLandingRuleDto {
  @ApiProperty({
    minLength: 1,
    maxLength: TITLE_PATTERN_MAX,
    description:
      'A case-insensitive glob over page titles: `*` is any run of characters, `?` one ' +
      'character, everything else stands for itself. Not blank; no control characters.',
    example: 'Deploy *',
  })
  @IsString()
  @Length(1, TITLE_PATTERN_MAX)
  title_pattern!: string;
}

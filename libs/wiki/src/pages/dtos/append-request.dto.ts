import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { MAX_MARKDOWN } from './page-fields';
import { VersionedMutationDto } from './versioned-mutation.dto';

export class AppendRequestDto extends VersionedMutationDto {
  @ApiProperty({ minLength: 1, maxLength: MAX_MARKDOWN })
  @IsString()
  @Length(1, MAX_MARKDOWN)
  markdown!: string;
}

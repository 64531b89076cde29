import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';

export class CreateCommentDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 20_000,
    description: 'The comment in Markdown (not only whitespace).',
    example: 'Step 3 needs the staging credentials too.',
  })
  @IsString()
  @Length(1, 20_000)
  @Matches(/\S/, { message: 'body_md must not be blank' })
  body_md!: string;
}

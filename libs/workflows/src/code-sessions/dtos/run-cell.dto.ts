import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CODE_CELL_MAX_BYTES } from '../code-session.service';

export class RunCellDto {
  @ApiProperty({
    maxLength: CODE_CELL_MAX_BYTES,
    description:
      'JavaScript to run in the session (at most 100 KB). Globals defined by earlier cells are there.',
    example: 'let total = [1, 2, 3].reduce((a, b) => a + b, 0); total',
  })
  @IsString()
  @MaxLength(CODE_CELL_MAX_BYTES)
  code!: string;
}

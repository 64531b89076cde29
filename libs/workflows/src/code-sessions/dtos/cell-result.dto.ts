import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import type { CellStatus } from '../../code-sandbox/sandbox-types';
import type { CellResult } from '../code-session.service';

export class CellErrorDto {
  @ApiProperty({ example: 'ReferenceError' }) name!: string;
  @ApiProperty({ example: "'x' is not defined" }) message!: string;
}

export class CellResultDto implements CellResult {
  @ApiProperty({ type: 'integer', description: "The cell's number in its session, from 1." })
  cell!: number;
  @ApiProperty({
    enum: unionValues<CellStatus>({ ok: true, error: true, timeout: true, memory_limit: true }),
  })
  status!: CellStatus;
  @ApiProperty({
    description: "The JSON value of the cell's last expression (null without one).",
    nullable: true,
    oneOf: [
      { type: 'object' },
      { type: 'array', items: {} },
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
    ],
  })
  result!: unknown;
  @ApiProperty({ description: 'What the cell printed (console.log), at most 64 KB.' })
  stdout!: string;
  @ApiProperty({ type: CellErrorDto, nullable: true }) error!: CellErrorDto | null;
  @ApiProperty({ description: 'How long the cell ran, in milliseconds.' }) duration_ms!: number;
}

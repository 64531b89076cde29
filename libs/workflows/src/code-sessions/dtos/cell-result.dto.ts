import { ApiProperty } from '@nestjs/swagger';

export class CellErrorDto {
  @ApiProperty({ example: 'ReferenceError' }) name!: string;
  @ApiProperty({ example: "'x' is not defined" }) message!: string;
}

export class CellResultDto {
  @ApiProperty({ description: "The cell's number in its session, from 1." }) cell!: number;
  @ApiProperty({ enum: ['ok', 'error', 'timeout', 'memory_limit'] }) status!: string;
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

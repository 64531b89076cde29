import { ApiProperty } from '@nestjs/swagger';

/** A run that got its work packet's result and runs on. */
export class ResumedRunDto {
  @ApiProperty({ format: 'uuid' }) run_id!: string;
  @ApiProperty({ enum: ['running'] }) status!: 'running';
}

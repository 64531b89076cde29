import { ApiProperty } from '@nestjs/swagger';

export class StepErrorDto {
  @ApiProperty({ example: 'assertion_failed' }) code!: string;
  @ApiProperty({ example: 'The digest is empty.' }) message!: string;
}

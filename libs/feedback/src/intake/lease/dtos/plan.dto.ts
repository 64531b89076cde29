import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class PlanDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 20_000,
    description: 'The plan of the fix, shown in the app; a later plan replaces it.',
  })
  @IsString()
  @Length(1, 20_000)
  plan!: string;
}

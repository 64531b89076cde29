import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class CreateCallbackDto {
  @ApiProperty({
    minLength: 1,
    maxLength: 2048,
    example: 'https://hooks.example.com/reports',
    description:
      'A public https address; every address its name resolves to must be public (422 otherwise). It is checked again before every send, and redirects are never followed.',
  })
  @IsString()
  @Length(1, 2048)
  url!: string;
}

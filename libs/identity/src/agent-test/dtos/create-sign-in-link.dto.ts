import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import type { SignInLinkView } from '../agent-test-views';

export class CreateSignInLinkDto {
  @ApiProperty({
    format: 'email',
    maxLength: 320,
    description: 'A member of your company (case-insensitive).',
  })
  @IsEmail()
  @MaxLength(320)
  email!: string;
}

export class SignInLinkDto implements SignInLinkView {
  @ApiProperty({
    format: 'uri',
    description:
      'Opening it once signs the member in (a `session_token` cookie); then it is spent.',
  })
  url!: string;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
}

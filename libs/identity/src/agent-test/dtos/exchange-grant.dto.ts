import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { GrantTokenView } from '../agent-test-views';

export class ExchangeGrantDto {
  @ApiProperty({ description: 'The value of ACCEPTANCE_AUTH_SECRET.', maxLength: 1024 })
  @IsString()
  @MaxLength(1024)
  secret!: string;
}

export class GrantTokenDto implements GrantTokenView {
  @ApiProperty({
    description: 'An API key (`cwk_…`) with the granted scopes; shown once, only its hash is kept.',
  })
  token!: string;
}

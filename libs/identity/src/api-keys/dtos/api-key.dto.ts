import { ApiProperty } from '@nestjs/swagger';

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String] }) scopes!: string[];
  @ApiProperty({ description: 'Leading part of the token, safe to show.' }) token_prefix!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_used_at!: string | null;
}

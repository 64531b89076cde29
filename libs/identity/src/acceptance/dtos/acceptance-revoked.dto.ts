import { ApiProperty } from '@nestjs/swagger';

export class AcceptanceRevokedDto {
  @ApiProperty({ enum: [true] }) revoked!: true;
}

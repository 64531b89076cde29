import { ApiProperty } from '@nestjs/swagger';

export class SignedOutDto {
  @ApiProperty({ enum: [true] }) signed_out!: true;
}

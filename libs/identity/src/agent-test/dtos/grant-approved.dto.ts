import { ApiProperty } from '@nestjs/swagger';
import type { GrantApprovedView } from '../agent-test-views';

export class GrantApprovedDto implements GrantApprovedView {
  @ApiProperty({ format: 'uuid' }) grant_id!: string;
  @ApiProperty({ enum: ['approved'] }) status!: 'approved';
  @ApiProperty({
    format: 'date-time',
    description: 'The first approval; approving again keeps it.',
  })
  approved_at!: string;
}

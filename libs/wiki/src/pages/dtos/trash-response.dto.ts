import { ApiProperty } from '@nestjs/swagger';
import type { TrashedPageView } from '../page-trash.service';
import { PageSummaryDto } from './page-response.dto';

export class TrashedPageResponseDto {
  @ApiProperty({ enum: [true] }) deleted!: true;
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
}

export class RestoredPageResponseDto {
  @ApiProperty({ enum: [true] }) restored!: true;
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
}

export class TrashedPageDto extends PageSummaryDto implements TrashedPageView {
  @ApiProperty({ format: 'date-time' }) deleted_at!: string;
}

export class TrashListDto {
  @ApiProperty({ type: [TrashedPageDto] }) pages!: TrashedPageDto[];
  @ApiProperty() has_more!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null at the end.' })
  next_offset!: number | null;
}

import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { PageSummaryDto } from '../../pages/dtos/page-response.dto';
import type { PageMoveResponse } from '../page-move.service';

type PageMoveOutcome = PageMoveResponse['outcome'];

export class PageMoveResponseDto implements PageMoveResponse {
  @ApiProperty({ enum: unionValues<PageMoveOutcome>({ moved: true, no_change: true }) })
  outcome!: PageMoveOutcome;
  @ApiProperty({ example: '/Private/Inbox/Deploys' }) previous_path!: string;
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
  @ApiProperty({ description: 'True when the title changed: a rename writes a new head version.' })
  renamed!: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The head version the rename wrote; null when only the folder changed, or nothing.',
  })
  version_written!: number | null;
}

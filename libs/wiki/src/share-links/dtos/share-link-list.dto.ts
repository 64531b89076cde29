import { ApiProperty } from '@nestjs/swagger';
import { ShareLinkDto } from './share-link.dto';

export class ShareLinkListDto {
  @ApiProperty({ type: [ShareLinkDto] }) share_links!: ShareLinkDto[];
}

import { ApiProperty } from '@nestjs/swagger';
import type { WikiRuleFolder } from '@cw/wiki';
import { HomePageDto } from '../../summary/dtos/home-summary.dto';
import type { AcceptedMisfiling } from '../misfiling-chips';

export class RuleFolderDto implements WikiRuleFolder {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '/Company/Runbooks/Deploys' }) path!: string;
}

export class AcceptedMisfilingDto implements AcceptedMisfiling {
  @ApiProperty({ enum: [true] }) moved!: true;
  @ApiProperty({ example: 'misfiling-42' }) action_id!: string;
  @ApiProperty({ type: HomePageDto, description: 'The page where it now is.' }) page!: HomePageDto;
  @ApiProperty({ example: '/Private/Inbox/Deploy 2024-05-01' }) previous_path!: string;
  @ApiProperty({ type: RuleFolderDto, description: 'The folder whose landing rule claimed it.' })
  folder!: RuleFolderDto;
}

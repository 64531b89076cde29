import { ApiProperty } from '@nestjs/swagger';
import type { LandingRuleView } from '../landing-rule-view';

export class LandingRuleDto implements LandingRuleView {
  @ApiProperty({ format: 'uuid' }) folder_id!: string;
  @ApiProperty({ example: '/Company/Runbooks/Deploys' }) folder_path!: string;
  @ApiProperty({ example: 'Deploy *' }) title_pattern!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { MEMBERSHIP_ROLES, type MembershipRole } from '@cw/domain';
import type { SessionKind } from '../../identity-schema';
import type { AgentTestRevokedView, AgentTestStatusView } from '../agent-test-views';

class StatusPersonDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
}

class StatusCompanyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

class StatusSessionDto {
  @ApiProperty({ enum: ['password', 'acceptance', 'agent_test'] }) kind!: SessionKind;
  @ApiProperty({ format: 'date-time' }) expires_at!: string;
}

export class AgentTestStatusDto implements AgentTestStatusView {
  @ApiProperty({ enum: [true] }) signed_in!: true;
  @ApiProperty({ type: StatusPersonDto }) person!: StatusPersonDto;
  @ApiProperty({ type: StatusCompanyDto }) company!: StatusCompanyDto;
  @ApiProperty({ enum: MEMBERSHIP_ROLES }) role!: MembershipRole;
  @ApiProperty({ type: StatusSessionDto }) session!: StatusSessionDto;
}

export class AgentTestRevokedDto implements AgentTestRevokedView {
  @ApiProperty({ enum: [true] }) revoked!: true;
}

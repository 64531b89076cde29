import { ApiProperty } from '@nestjs/swagger';
import { TERMINAL_RUN_STATUSES } from '@cw/workflows/reports';
import { HOOK_KINDS } from '../../hooks-schema';
import type { HookListView, HookView, RegisteredHookView, SigningKeyView } from '../hook-view';

/** A hook as `GET /api/report-hooks` lists it. */
export class HookDto implements HookView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: HOOK_KINDS }) kind!: HookView['kind'];
  @ApiProperty({
    example: 'https://hooks.example.com/…orts',
    description: 'The receiver address, masked to its host and last 4 characters.',
  })
  target!: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The `X-Service-Key-Id` of signed requests; null for a legacy unsigned hook.',
  })
  signing_key_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) workflow_public_id!: string | null;
  @ApiProperty({
    type: [String],
    enum: TERMINAL_RUN_STATUSES,
    nullable: true,
    description: 'Null: every terminal status.',
  })
  statuses!: string[] | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The one report of a callback; null for a subscription.',
  })
  report_id!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class HookListDto implements HookListView {
  @ApiProperty({ type: [HookDto], description: 'Your live hooks, oldest first.' })
  hooks!: HookDto[];
}

/** The registration answer (`Cache-Control: no-store`). */
export class RegisteredHookDto extends HookDto implements RegisteredHookView {
  @ApiProperty({
    example: 'https://hooks.example.com/reports',
    description: 'The receiver address in full (only in this answer).',
  })
  declare target: string;
  @ApiProperty({ format: 'uuid' }) declare signing_key_id: string;
  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    description:
      'Shown once: 32 random bytes as 64 hex characters, used as a UTF-8 string for the HMAC.',
  })
  signing_secret!: string;
}

/** The rotation answer (`Cache-Control: no-store`). */
export class SigningKeyDto implements SigningKeyView {
  @ApiProperty({ format: 'uuid' }) hook_id!: string;
  @ApiProperty({ format: 'uuid' }) signing_key_id!: string;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'Shown once.' }) signing_secret!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import type { DeliveryListView, DeliveryView } from '../delivery-view';
import { DELIVERY_STATES } from '../../hooks-schema';

export const FAILURE_REASON_DESCRIPTION =
  'The last failure, sanitized: `http_<status>`, `timeout`, `blocked` (the address rules refused ' +
  'the address), `request_error` (connection failed or reset, name did not resolve), ' +
  '`signing_key_unavailable` (nothing was sent); a cancelled delivery says why: `hook_ended` ' +
  'or `report_unavailable`. Null once delivered.';

export class DeliveryDto implements DeliveryView {
  @ApiProperty({
    format: 'uuid',
    description: 'Also `X-Service-Delivery`, constant across retries and replays.',
  })
  id!: string;
  @ApiProperty({ format: 'uuid' }) hook_id!: string;
  @ApiProperty({ format: 'uuid' }) report_id!: string;
  @ApiProperty({ enum: DELIVERY_STATES }) state!: DeliveryView['state'];
  @ApiProperty({ description: 'Settled network attempts over the delivery’s lifetime.' })
  attempts!: number;
  @ApiProperty({ description: 'Replays so far; send it back to replay (compare-and-swap).' })
  replay_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_attempt_at!:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at!:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: FAILURE_REASON_DESCRIPTION })
  failure_reason!: string | null;
}

export class DeliveryListDto implements DeliveryListView {
  @ApiProperty({ type: [DeliveryDto], description: 'Newest first.' }) deliveries!: DeliveryDto[];
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Pass as `offset` for the next window; null at the end.',
  })
  next_offset!: number | null;
}

import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { TRIAGE_STATUSES } from '../../../reports/feedback-statuses';
import type { GithubWebhookView, WebhookOutcome } from '../github-webhook-view';

export class GithubWebhookResponseDto implements GithubWebhookView {
  @ApiProperty({
    enum: unionValues<WebhookOutcome>({ applied: true, unchanged: true, ignored: true }),
    description:
      '`applied`: the report changed; `unchanged`: it already was so (a redelivery); `ignored`: not an event or report this route acts on.',
  })
  outcome!: WebhookOutcome;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) feedback_id!: string | null;
  @ApiProperty({ enum: TRIAGE_STATUSES, nullable: true, description: 'The report’s status now.' })
  status!: GithubWebhookView['status'];
  @ApiProperty({ description: 'What was done, for the delivery log on GitHub.' }) reason!: string;
}

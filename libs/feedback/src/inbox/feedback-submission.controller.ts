import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import {
  CurrentActor,
  DescribedApiTag,
  ErrorEnvelopeSchema,
  RouteBodyLimit,
  RoutePolicy,
} from '@cw/platform';
import { FEEDBACK_INBOX_API_TAG } from '../feedback-api-tags';
import { SubmitFeedbackDto } from './dtos/submit-feedback.dto';
import { SubmittedFeedbackDto } from './dtos/submitted-feedback.dto';
import {
  FeedbackSubmissionService,
  type SubmittedFeedbackView,
} from './feedback-submission.service';
import { SUBMISSION_BODY_LIMIT_BYTES } from './submission-limits';

@DescribedApiTag(FEEDBACK_INBOX_API_TAG)
@Controller('api/feedback')
export class FeedbackSubmissionController {
  constructor(private readonly submissions: FeedbackSubmissionService) {}

  @Post()
  @HttpCode(200)
  @RouteBodyLimit(SUBMISSION_BODY_LIMIT_BYTES)
  @RoutePolicy({ access: 'person' })
  @ApiOperation({
    operationId: 'submitFeedback',
    summary: 'Files in-app feedback, with up to five private evidence files; any signed-in person.',
    description:
      'Each attachment is base64 (strict, padded) of at most 5 MB decoded; the body may be up to ' +
      `${SUBMISSION_BODY_LIMIT_BYTES} bytes (413 PAYLOAD_TOO_LARGE past it). The submitter and ` +
      'company are recorded as they are now. Send a `submission_id` (UUID) to retry safely: the ' +
      'same person repeating it gets the first report back and nothing new is written. One ' +
      'person files at most `FEEDBACK_SUBMISSIONS_PER_HOUR` (default 20) reports in any hour ' +
      '(429 RATE_LIMITED with `Retry-After`; a retry of a filed report is still answered).',
  })
  @ApiOkResponse({ type: SubmittedFeedbackDto })
  @ApiResponse({
    status: 413,
    description: 'PAYLOAD_TOO_LARGE: the body is over the route’s limit',
    type: ErrorEnvelopeSchema,
  })
  @ApiResponse({
    status: 429,
    description:
      'RATE_LIMITED: you filed `FEEDBACK_SUBMISSIONS_PER_HOUR` reports in the last hour; nothing ' +
      'is filed. `Retry-After` is when one of them is an hour old. `details`: ' +
      '`{limit, window_seconds, retry_after_seconds}`.',
    type: ErrorEnvelopeSchema,
  })
  submit(
    @CurrentActor() actor: Actor,
    @Body() body: SubmitFeedbackDto,
  ): Promise<SubmittedFeedbackView> {
    return this.submissions.submit(actor, body);
  }
}

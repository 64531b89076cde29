import { Module } from '@nestjs/common';
import { DirectoryModule } from '@cw/identity/credentials';
import { FeedbackCoreModule } from '../feedback-core.module';
import { FeedbackInboxController } from './feedback-inbox.controller';
import { FeedbackSubmissionController } from './feedback-submission.controller';
import { FeedbackSubmissionService } from './feedback-submission.service';
import { InboxAttachmentRepository } from './inbox-attachment.repository';
import { InboxQueryRepository } from './inbox-query.repository';
import { InboxReadService } from './inbox-read.service';
import { loadSubmissionConfig, SubmissionConfig } from './submission.config';
import { SubmissionRepository } from './submission.repository';
import { TriageRepository } from './triage.repository';
import { TriageService } from './triage.service';

/** The feedback inbox: anyone signed in files reports; operators read, filter and triage them. */
@Module({
  imports: [FeedbackCoreModule, DirectoryModule],
  controllers: [FeedbackSubmissionController, FeedbackInboxController],
  providers: [
    SubmissionRepository,
    InboxQueryRepository,
    InboxAttachmentRepository,
    TriageRepository,
    FeedbackSubmissionService,
    InboxReadService,
    TriageService,
    { provide: SubmissionConfig, useFactory: () => loadSubmissionConfig() },
  ],
})
export class FeedbackInboxModule {}

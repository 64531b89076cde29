import { Module } from '@nestjs/common';
import { ContactModule } from './contact/contact.module';
import { FeedbackInboxModule } from './inbox/feedback-inbox.module';
import { FeedbackIntakeModule } from './intake/feedback-intake.module';

/**
 * The feedback context (schema `feedback`), as the feedback-intake service serves it: the inbox,
 * the intake sequence with proposals and the GitHub webhook, and the contact form.
 */
@Module({
  imports: [FeedbackInboxModule, FeedbackIntakeModule, ContactModule],
})
export class FeedbackModule {}

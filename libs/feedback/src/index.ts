export { FeedbackModule } from './feedback.module';
export { FeedbackCoreModule } from './feedback-core.module';
export { ContactModule } from './contact/contact.module';
export { FeedbackInboxModule } from './inbox/feedback-inbox.module';
export { FeedbackIntakeModule } from './intake/feedback-intake.module';

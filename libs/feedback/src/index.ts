export { FeedbackCoreModule } from './feedback-core.module';

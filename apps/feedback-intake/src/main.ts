import './tracing';
import 'reflect-metadata';
import { runService, SERVICES } from '@cw/platform';
import { FeedbackIntakeModule } from './feedback-intake.module';

const descriptor = SERVICES.find((service) => service.name === 'feedback-intake')!;

void runService(FeedbackIntakeModule, {
  service: descriptor.name,
  description: 'In-app feedback inbox, intake sequence and contact form.',
  defaultPort: descriptor.defaultPort,
});

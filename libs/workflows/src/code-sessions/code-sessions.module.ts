import { Module } from '@nestjs/common';
import { CodeSandbox } from '../code-sandbox/code-sandbox';
import { WorkflowsCoreModule } from '../workflows-core.module';
import { CodeCellRepository } from './code-cell.repository';
import { codeSandboxProvider } from './code-sandbox.provider';
import { CodeSessionRepository } from './code-session.repository';
import { CodeSessionService } from './code-session.service';
import { CodeSessionsController } from './code-sessions.controller';

/** Code sessions on the sandbox (`run_code`); the sandbox is exported for `code.run` steps. */
@Module({
  imports: [WorkflowsCoreModule],
  controllers: [CodeSessionsController],
  providers: [codeSandboxProvider, CodeSessionRepository, CodeCellRepository, CodeSessionService],
  exports: [CodeSandbox],
})
export class CodeSessionsModule {}

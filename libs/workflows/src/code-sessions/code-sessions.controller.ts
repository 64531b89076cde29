import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { AppError, CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { isUUID } from 'class-validator';
import { CODE_SESSIONS_API_TAG } from '../workflows-api-tags';
import { CodeSessionService } from './code-session.service';
import { CellResultDto } from './dtos/cell-result.dto';
import { CodeSessionDto } from './dtos/code-session.dto';
import { CreateCodeSessionDto } from './dtos/create-code-session.dto';
import { DeletedCodeSessionDto } from './dtos/deleted-code-session.dto';
import { RunCellDto } from './dtos/run-cell.dto';

const SESSION_ID = { name: 'session_id', description: 'The code session id.' };

/** A session id that cannot exist answers as one that is not yours: 404. */
function sessionIdOf(value: string): string {
  if (!isUUID(value)) throw AppError.notFound('No code session with that id is open for you.');
  return value.toLowerCase();
}

@DescribedApiTag(CODE_SESSIONS_API_TAG)
@Controller('api/code-sessions')
export class CodeSessionsController {
  constructor(private readonly sessions: CodeSessionService) {}

  @Post()
  @HttpCode(201)
  @RoutePolicy({ access: 'person', scopes: ['workflows:run'], mcpTools: ['run_code'] })
  @ApiOperation({
    operationId: 'createCodeSession',
    summary: 'Opens a JavaScript session in the sandbox; it is yours alone and ends when idle.',
    description:
      'The sandbox has no network, files or environment. Each cell run moves `expires_at` on; ' +
      'after it, the session answers 404.',
  })
  @ApiCreatedResponse({ type: CodeSessionDto })
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: CreateCodeSessionDto,
  ): Promise<CodeSessionDto> {
    const created = await this.sessions.create(actor, body.language ?? 'javascript');
    return { ...created, expires_at: created.expires_at.toISOString() };
  }

  @Post(':session_id/cells')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['workflows:run'], mcpTools: ['run_code'] })
  @ApiOperation({
    operationId: 'runCodeCell',
    summary:
      'Runs a cell; its globals stay for the next. Limits end it as timeout or memory_limit.',
    description:
      'When this process no longer holds the session (another replica, a restart, after a ' +
      'memory_limit), its earlier ok cells are replayed first, so values made by Math.random() ' +
      'or Date are recomputed. Cells of one session run one at a time, numbered in order.',
  })
  @ApiParam(SESSION_ID)
  @ApiBody({
    type: RunCellDto,
    examples: {
      expression: {
        summary: 'A cell whose last expression is the result',
        value: { code: '[1, 2, 3].map((n) => n * 2)' },
      },
    },
  })
  @ApiOkResponse({ type: CellResultDto })
  runCell(
    @CurrentActor() actor: Actor,
    @Param('session_id') sessionId: string,
    @Body() body: RunCellDto,
  ): Promise<CellResultDto> {
    return this.sessions.runCell(actor, sessionIdOf(sessionId), body.code);
  }

  @Delete(':session_id')
  @RoutePolicy({ access: 'person', scopes: ['workflows:run'] })
  @ApiOperation({
    operationId: 'deleteCodeSession',
    summary: 'Ends the session; later use is 404.',
    description: 'The sandbox frees its globals at once. A session that is not yours: 404.',
  })
  @ApiParam(SESSION_ID)
  @ApiOkResponse({ type: DeletedCodeSessionDto })
  async delete(
    @CurrentActor() actor: Actor,
    @Param('session_id') sessionId: string,
  ): Promise<DeletedCodeSessionDto> {
    const id = sessionIdOf(sessionId);
    await this.sessions.delete(actor, id);
    return { session_id: id, deleted: true };
  }
}

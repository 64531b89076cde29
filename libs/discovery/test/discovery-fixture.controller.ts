import { Controller, Get, Module, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { RoutePolicy } from '@cw/platform';

/** A setting no test environment sets: the route that needs it is never configured. */
export const ABSENT_SETTING = 'DISCOVERY_FIXTURE_NEVER_SET';

class FixtureNoteBodyDto {
  @ApiProperty() text!: string;
}

class FixtureNoteDto {
  @ApiProperty({ type: FixtureNoteBodyDto }) note!: FixtureNoteBodyDto;
}

class FixtureAnswerDto {
  @ApiProperty() ok!: boolean;
}

/**
 * Routes of the kinds identity's routes lack: scoped reads and writes, an operator route, an
 * internal-token route and one that needs an unset setting. Discovery reads them from the
 * description only; what they answer does not matter.
 */
@ApiTags('discovery-fixtures')
@Controller('api/discovery-fixtures')
class DiscoveryFixtureController {
  @Get('notes')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'], mcpTools: ['fixture_read_notes'] })
  @ApiOperation({ operationId: 'fixtureReadNotes', summary: 'A scoped read.' })
  @ApiOkResponse({ type: FixtureAnswerDto })
  readNotes(): FixtureAnswerDto {
    return { ok: true };
  }

  @Post('notes')
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({ operationId: 'fixtureWriteNotes', summary: 'A scoped write.' })
  @ApiBody({ type: FixtureNoteDto })
  @ApiOkResponse({ type: FixtureAnswerDto })
  writeNotes(): FixtureAnswerDto {
    return { ok: true };
  }

  @Get('inbox')
  @RoutePolicy({
    access: 'person',
    scopes: ['operator:all'],
    operatorRequirements: ['feedback.view'],
  })
  @ApiOperation({ operationId: 'fixtureOperatorInbox', summary: 'An operator route.' })
  @ApiOkResponse({ type: FixtureAnswerDto })
  inbox(): FixtureAnswerDto {
    return { ok: true };
  }

  @Get('intake')
  @RoutePolicy({ access: 'route_specific' })
  @ApiHeader({ name: 'x-internal-token', required: true })
  @ApiOperation({ operationId: 'fixtureInternalIntake', summary: 'An internal-token route.' })
  @ApiOkResponse({ type: FixtureAnswerDto })
  intake(): FixtureAnswerDto {
    return { ok: true };
  }

  @Get('mail')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'], requiresSettings: [ABSENT_SETTING] })
  @ApiOperation({ operationId: 'fixtureUnconfiguredMail', summary: 'A route needing a setting.' })
  @ApiOkResponse({ type: FixtureAnswerDto })
  mail(): FixtureAnswerDto {
    return { ok: true };
  }
}

@Module({ controllers: [DiscoveryFixtureController] })
export class DiscoveryFixtureModule {}

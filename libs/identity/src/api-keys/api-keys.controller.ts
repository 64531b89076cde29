import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import { AUTH_API_TAG } from '../identity-api-tags';
import { ApiKeyService } from './api-key.service';
import { ApiKeyListDto } from './dtos/api-key-list.dto';
import { CreateApiKeyDto, CreatedApiKeyDto } from './dtos/create-api-key.dto';

@DescribedApiTag(AUTH_API_TAG)
@Controller('api/auth/api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeyService) {}

  @Post()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Creates an API key; the token is shown once.',
    description:
      'The key acts as you with the scopes you choose, until revoked. Only a hash is stored: ' +
      'keep `token` now (`Cache-Control: no-store`). Session only; a person holds at most 25 ' +
      'live tokens (409 TOKEN_LIMIT_REACHED).',
  })
  @ApiBody({
    type: CreateApiKeyDto,
    examples: {
      readOnlyWiki: {
        summary: 'A key that reads the wiki',
        value: { name: 'nightly export', scopes: ['wiki:read'] },
      },
      agent: {
        summary: 'A key for an agent that edits pages and runs workflows',
        value: { name: 'assistant', scopes: ['wiki:write', 'workflows:run'] },
      },
    },
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  create(@CurrentActor() actor: Actor, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    return this.apiKeys.create(actor, body.name, body.scopes);
  }

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: "Lists the caller's live API keys, without tokens.",
    description:
      'Each key with its name, scopes, token prefix, creation and last use. Session only.',
  })
  @ApiOkResponse({ type: ApiKeyListDto })
  async list(@CurrentActor() actor: Actor): Promise<ApiKeyListDto> {
    return { api_keys: await this.apiKeys.list(actor) };
  }

  @Delete(':id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revokes a key; it stops working at once.',
    description:
      'Every process stops accepting the key at once. Revoking it again answers 204 too; a key ' +
      'that is not yours: 404. Session only.',
  })
  @ApiNoContentResponse()
  async revoke(
    @CurrentActor() actor: Actor,
    @Param('id', uuidParam('id')) id: string,
  ): Promise<void> {
    await this.apiKeys.revoke(actor, id);
  }
}

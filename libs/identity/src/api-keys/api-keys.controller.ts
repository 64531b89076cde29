import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy, uuidParam } from '@cw/platform';
import { ApiKeyService, type ApiKeyView, type CreatedApiKey } from './api-key.service';
import { ApiKeyListDto } from './dtos/api-key-list.dto';
import { CreateApiKeyDto, CreatedApiKeyDto } from './dtos/create-api-key.dto';

@ApiTags('auth')
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
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  create(@CurrentActor() actor: Actor, @Body() body: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.apiKeys.create(actor, body.name, body.scopes);
  }

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: "Lists the caller's live API keys, without tokens.",
  })
  @ApiOkResponse({ type: ApiKeyListDto })
  async list(@CurrentActor() actor: Actor): Promise<{ api_keys: ApiKeyView[] }> {
    return { api_keys: await this.apiKeys.list(actor) };
  }

  @Delete(':id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revokes a key; it stops working at once.',
  })
  @ApiNoContentResponse()
  async revoke(
    @CurrentActor() actor: Actor,
    @Param('id', uuidParam('id')) id: string,
  ): Promise<void> {
    await this.apiKeys.revoke(actor, id);
  }
}

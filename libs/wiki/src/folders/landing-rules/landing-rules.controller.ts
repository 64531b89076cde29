import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import { WIKI_API_TAG } from '../../wiki-api-tags';
import { LandingRuleDto } from './dtos/landing-rule.dto';
import { SetLandingRuleDto } from './dtos/set-landing-rule.dto';
import { LandingRuleService } from './landing-rule.service';
import type { LandingRuleView } from './landing-rule-view';

const FOLDER_ID = {
  name: 'folder_id',
  format: 'uuid',
  description: 'The folder’s id (`folder.id` of the folder routes); lane roots have none.',
};

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/folders/:folder_id/landing-rule')
export class LandingRulesController {
  constructor(private readonly rules: LandingRuleService) {}

  @Put()
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'setWikiFolderLandingRule',
    summary: 'Sets the folder’s landing rule: which Inbox page titles belong in it.',
    description:
      'A page in your `/Private/Inbox` whose title matches the rule of a folder you can write ' +
      'raises a misfiling chip on your home (`GET /api/home/summary`). One rule per folder: ' +
      'this replaces any earlier one, and parallel calls leave exactly one. Needs write access ' +
      'to the folder (a `/Private` folder is its owner’s alone); otherwise 404.',
  })
  @ApiParam(FOLDER_ID)
  @ApiOkResponse({ type: LandingRuleDto })
  set(
    @CurrentActor() actor: Actor,
    @Param('folder_id', uuidParam('folder_id')) folderId: string,
    @Body() body: SetLandingRuleDto,
  ): Promise<LandingRuleView> {
    return this.rules.set(actor, folderId.toLowerCase(), body.title_pattern);
  }

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'getWikiFolderLandingRule',
    summary: 'The folder’s landing rule.',
    description: '404 when the folder has none, or is not in a lane you can see.',
  })
  @ApiParam(FOLDER_ID)
  @ApiOkResponse({ type: LandingRuleDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('folder_id', uuidParam('folder_id')) folderId: string,
  ): Promise<LandingRuleView> {
    return this.rules.get(actor, folderId.toLowerCase());
  }

  @Delete()
  @HttpCode(204)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'deleteWikiFolderLandingRule',
    summary: 'Removes the folder’s landing rule (204 also when it had none).',
    description: 'Its misfiling chips disappear with it. Needs write access to the folder.',
  })
  @ApiParam(FOLDER_ID)
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: Actor,
    @Param('folder_id', uuidParam('folder_id')) folderId: string,
  ): Promise<void> {
    await this.rules.remove(actor, folderId.toLowerCase());
  }
}

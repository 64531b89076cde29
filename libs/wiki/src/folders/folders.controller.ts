import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, ErrorEnvelopeSchema, RoutePolicy } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { CreateFolderDto } from './dtos/create-folder.dto';
import { FolderListQueryDto } from './dtos/folder-list-query.dto';
import {
  FolderCreatedDto,
  FolderDeletedDto,
  FolderListDto,
  FolderMoveResponseDto,
} from './dtos/folder-response.dto';
import { FolderPathQueryDto } from './dtos/folder-path-query.dto';
import { MoveFolderDto } from './dtos/move-folder.dto';
import { FolderListingService } from './folder-listing.service';
import { FolderMoveService } from './folder-move.service';
import { FolderWriteService } from './folder-write.service';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/folders')
export class FoldersController {
  constructor(
    private readonly listing: FolderListingService,
    private readonly writer: FolderWriteService,
    private readonly mover: FolderMoveService,
  ) {}

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'listWikiFolder',
    summary: "Lists a folder's direct subfolders and pages; without path, your lane roots.",
    description:
      'Subfolders come first (by name), then the pages you can see (by title); `limit`/`offset` ' +
      'page through both as one list. Lane roots `/Private`, `/Teams/<team>` (members only) and ' +
      '`/Company` are always listable. A restricted page you are not listed on is shown with ' +
      '`can_read: false` (metadata only). An unknown folder, or a team you are not in: 404.',
  })
  @ApiOkResponse({ type: FolderListDto })
  list(@CurrentActor() actor: Actor, @Query() query: FolderListQueryDto): Promise<FolderListDto> {
    return this.listing.list(actor, query.path, query.limit ?? 50, query.offset ?? 0);
  }

  @Post()
  @HttpCode(201)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'createWikiFolder',
    summary: 'Creates a folder and its missing parents (mkdir -p); idempotent.',
    description:
      '201 when the folder was created, 200 with the same folder when it already existed ' +
      '(names compare case-insensitively). Concurrent creates of one path converge on one folder.',
  })
  @ApiCreatedResponse({ type: FolderCreatedDto, description: 'Created (`created: true`).' })
  @ApiOkResponse({ type: FolderCreatedDto, description: 'It already existed (`created: false`).' })
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: CreateFolderDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FolderCreatedDto> {
    const result = await this.writer.create(actor, body.path);
    if (!result.created) void reply.status(200);
    return result;
  }

  @Post('move')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'moveWikiFolder',
    summary: 'Moves (or renames) a folder with everything in it, within its lane.',
    description:
      'One transaction rewrites the path of the folder, of every subfolder and of every page in ' +
      'them. Missing parents of `to` are created. 409 FOLDER_PATH_TAKEN when `to` exists; 400 ' +
      'for a move into its own subtree, across lanes, or of a lane root.',
  })
  @ApiOkResponse({ type: FolderMoveResponseDto })
  @ApiConflictResponse({ description: 'FOLDER_PATH_TAKEN', type: ErrorEnvelopeSchema })
  move(@CurrentActor() actor: Actor, @Body() body: MoveFolderDto): Promise<FolderMoveResponseDto> {
    return this.mover.move(actor, body.from, body.to);
  }

  @Delete()
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'deleteWikiFolder',
    summary: 'Deletes an empty folder.',
    description:
      'Only a folder without live subfolders and live pages (trashed pages do not count); ' +
      'otherwise 409 FOLDER_NOT_EMPTY with the counts in details. Lane roots cannot be deleted.',
  })
  @ApiOkResponse({ type: FolderDeletedDto })
  @ApiConflictResponse({ description: 'FOLDER_NOT_EMPTY', type: ErrorEnvelopeSchema })
  remove(
    @CurrentActor() actor: Actor,
    @Query() query: FolderPathQueryDto,
  ): Promise<FolderDeletedDto> {
    return this.writer.remove(actor, query.path);
  }
}

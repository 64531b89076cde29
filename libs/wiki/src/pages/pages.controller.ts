import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import { DataSource } from 'typeorm';
import { AppendRequestDto } from './dtos/append-request.dto';
import { CreatePageDto } from './dtos/create-page.dto';
import { EditRequestDto } from './dtos/edit-request.dto';
import { ReplacementRequestDto } from './dtos/replacement-request.dto';
import { UpsertRequestDto } from './dtos/upsert-request.dto';
import { PageCreateService } from './page-create.service';
import { type EditResponse, PageEditService } from './page-edit.service';
import { PageReader } from './page-reader';
import { parsePageRef } from './page-ref';
import { PageSaveService, type SaveResponse } from './page-save.service';
import { PageTrashService } from './page-trash.service';
import { PageUpsertService, type UpsertResponse } from './page-upsert.service';
import { pageResponse, type PageResponse, type PageSummaryView } from './page-view';

const PAGE_ID = {
  name: 'page_id',
  description: 'The page public UUID or legacy integer id.',
  example: '42',
};

@ApiTags('wiki')
@Controller('api/wiki/pages')
export class PagesController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: PageReader,
    private readonly creator: PageCreateService,
    private readonly editor: PageEditService,
    private readonly saver: PageSaveService,
    private readonly upserter: PageUpsertService,
    private readonly trash: PageTrashService,
  ) {}

  @Get(':page_id')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'], mcpTools: ['read_page'] })
  @ApiOperation({
    operationId: 'readPage',
    summary: 'Reads a page; access null means metadata only, never edit from it.',
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ description: '{page, title, access}' })
  async read(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<PageResponse> {
    const page = await this.reader.get(actor, parsePageRef(pageId));
    return pageResponse(page, this.reader.canEdit(actor, page));
  }

  @Post()
  @HttpCode(201)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'createPage',
    summary: 'Creates a page in a folder path (default the Private Inbox).',
  })
  @ApiCreatedResponse({ description: '{page, title, access}' })
  async create(@CurrentActor() actor: Actor, @Body() body: CreatePageDto): Promise<PageResponse> {
    const row = await this.dataSource.transaction((manager) =>
      this.creator.create(
        manager,
        actor,
        { title: body.title, markdown: body.markdown ?? '', path: body.path },
        { message: body.message },
      ),
    );
    return pageResponse(row, this.reader.canEdit(actor, row));
  }

  @Post('upserts')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['save_page'] })
  @ApiOperation({
    operationId: 'upsertPage',
    summary: 'Saves a page by title at a path, or in the Private Inbox.',
  })
  upsert(@CurrentActor() actor: Actor, @Body() body: UpsertRequestDto): Promise<UpsertResponse> {
    return this.upserter.upsert(actor, body);
  }

  @Post(':page_id/edits')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['edit_page_by_id'] })
  @ApiOperation({
    operationId: 'editPage',
    summary: 'Applies replace edits with re-planning; the outcome is in the body.',
  })
  @ApiParam(PAGE_ID)
  edit(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: EditRequestDto,
  ): Promise<EditResponse> {
    return this.editor.edit(actor, parsePageRef(pageId), body);
  }

  @Put(':page_id/content')
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['save_page_by_id'] })
  @ApiOperation({
    operationId: 'replacePageContent',
    summary: 'Replaces title and body; never overwrites a newer head.',
  })
  @ApiParam(PAGE_ID)
  replace(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: ReplacementRequestDto,
  ): Promise<SaveResponse> {
    return this.saver.replace(actor, parsePageRef(pageId), body);
  }

  @Post(':page_id/appends')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['append_to_page_by_id'] })
  @ApiOperation({
    operationId: 'appendToPage',
    summary: 'Appends Markdown; never overwrites a newer head.',
  })
  @ApiParam(PAGE_ID)
  append(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: AppendRequestDto,
  ): Promise<SaveResponse> {
    return this.saver.append(actor, parsePageRef(pageId), body);
  }

  @Delete(':page_id')
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['delete_page'] })
  @ApiOperation({ operationId: 'deletePage', summary: 'Moves the page to the restorable Trash.' })
  @ApiParam(PAGE_ID)
  remove(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<{ deleted: true; page: PageSummaryView }> {
    return this.trash.trash(actor, parsePageRef(pageId));
  }
}

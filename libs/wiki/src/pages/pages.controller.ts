import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { DataSource } from 'typeorm';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { AppendRequestDto } from './dtos/append-request.dto';
import { CreatePageDto } from './dtos/create-page.dto';
import { EditRequestDto } from './dtos/edit-request.dto';
import { EditResponseDto } from './dtos/edit-response.dto';
import { PageResponseDto } from './dtos/page-response.dto';
import { ReplacementRequestDto } from './dtos/replacement-request.dto';
import { SaveResponseDto } from './dtos/save-response.dto';
import { TrashedPageResponseDto } from './dtos/trash-response.dto';
import { AppendByTitleDto } from './dtos/append-by-title.dto';
import { UpsertRequestDto } from './dtos/upsert-request.dto';
import { UpsertResponseDto } from './dtos/upsert-response.dto';
import { PageCreateService } from './page-create.service';
import { PageEditService } from './page-edit.service';
import { PageReader } from './page-reader';
import { parsePageRef } from './page-ref';
import { PageSaveService } from './page-save.service';
import { PageTrashService } from './page-trash.service';
import { PageUpsertService } from './page-upsert.service';
import { pageResponse } from './page-view';

const PAGE_ID = {
  name: 'page_id',
  description: 'The page public UUID or legacy integer id.',
  example: '42',
};
const MUTATION_ID = '3f6c2a4e-8d1b-4c7e-9a2f-5b0d6e1c7a93';
const VERSIONED_WRITE =
  ' Send the version you read as `expected_version` and a fresh UUID v4 as `mutation_id`; ' +
  'a retry with the same `mutation_id` and body answers the recorded outcome ' +
  '(`mutation.replayed: true`), the same id with another body 409 MUTATION_ID_REUSED.';

@DescribedApiTag(WIKI_API_TAG)
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
    description:
      'The head of a page you can see, with its Markdown and what you may do with it. A ' +
      'restricted page you are not listed on answers `access: null` and no `content_md`. ' +
      'A trashed page, or one you cannot see: 404.',
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: PageResponseDto })
  async read(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<PageResponseDto> {
    const page = await this.reader.get(actor, parsePageRef(pageId));
    return pageResponse(page, this.reader.canEdit(actor, page));
  }

  @Post()
  @HttpCode(201)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'createPage',
    summary: 'Creates a page in a folder path (default the Private Inbox).',
    description:
      'Missing folders of `path` are created. 409 PAGE_PATH_TAKEN when a live page already has ' +
      'the title in that folder (titles compare case-insensitively).',
  })
  @ApiBody({
    type: CreatePageDto,
    examples: {
      runbook: {
        summary: 'A page in a company folder',
        value: {
          title: 'Deploys',
          markdown: '# Deploys\n\nRoll out with `npm run deploy`.',
          path: '/Company/Runbooks',
        },
      },
    },
  })
  @ApiCreatedResponse({ type: PageResponseDto })
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: CreatePageDto,
  ): Promise<PageResponseDto> {
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
    description:
      'Creates the page when no live page has the title at `path`, else saves the body as its ' +
      'next version. Without `path` the page is filed in your Private Inbox, and a repeated ' +
      'upsert of the same title finds the same page, also after a rename. With an ' +
      '`expected_version` behind the head, the body is kept as a draft ' +
      '(`newer_version_available`) and the head is not replaced. Concurrent upserts of one ' +
      'title converge on one page.',
  })
  @ApiBody({
    type: UpsertRequestDto,
    examples: {
      inbox: {
        summary: 'A note in the Private Inbox',
        value: { title: 'Standup notes', markdown: '- shipped the sync feed' },
      },
      atPath: {
        summary: 'A page at a path, saved over version 3',
        value: {
          title: 'Deploys',
          markdown: '# Deploys\n\nRoll out with `npm run deploy`.',
          path: '/Company/Runbooks',
          expected_version: 3,
        },
      },
    },
  })
  @ApiOkResponse({ type: UpsertResponseDto })
  upsert(@CurrentActor() actor: Actor, @Body() body: UpsertRequestDto): Promise<UpsertResponseDto> {
    return this.upserter.upsert(actor, body);
  }

  @Post('appends')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['append_to_page'] })
  @ApiOperation({
    operationId: 'appendToPageByTitle',
    summary: 'Appends to a page by title at a path, or in the Private Inbox (legacy).',
    description:
      'Adds `markdown` at the end of the live page with this title at `path` (without `path`: ' +
      'your Private Inbox, found again after a rename), creating the page when there is none. ' +
      'It carries no mutation identity: a retry appends again. Concurrent appends each land. ' +
      'For retry-safe appends use POST /api/wiki/pages/{page_id}/appends with a `mutation_id`.',
  })
  @ApiOkResponse({ type: UpsertResponseDto })
  appendByTitle(
    @CurrentActor() actor: Actor,
    @Body() body: AppendByTitleDto,
  ): Promise<UpsertResponseDto> {
    return this.upserter.appendByTitle(actor, body);
  }

  @Post(':page_id/edits')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['edit_page_by_id'] })
  @ApiOperation({
    operationId: 'editPage',
    summary: 'Applies replace edits with re-planning; the outcome is in the body.',
    description:
      'Each edit replaces the text `find` (exactly one occurrence, or every one with `all`). ' +
      'When the head moved past `expected_version`, the edits are planned again against the ' +
      'head (up to `max_attempts`); the answer is 200 with `outcome` applied, no_change, ' +
      'conflict, refused or overtaken, and at most one version is written.' +
      VERSIONED_WRITE,
  })
  @ApiParam(PAGE_ID)
  @ApiBody({
    type: EditRequestDto,
    examples: {
      replace: {
        summary: 'Replace one sentence',
        value: {
          expected_version: 3,
          mutation_id: MUTATION_ID,
          edits: [{ kind: 'replace', find: 'npm run deploy', replace: 'npm run release' }],
          message: 'New release command',
        },
      },
    },
  })
  @ApiOkResponse({ type: EditResponseDto })
  edit(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: EditRequestDto,
  ): Promise<EditResponseDto> {
    return this.editor.edit(actor, parsePageRef(pageId), body);
  }

  @Put(':page_id/content')
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['save_page_by_id'] })
  @ApiOperation({
    operationId: 'replacePageContent',
    summary: 'Replaces title and body; never overwrites a newer head.',
    description:
      'When `expected_version` is the head, the title and body become the next version. When ' +
      'the head moved on, it is kept: the same content is `stale_noop`, anything else is kept ' +
      'as a draft version (`newer_version_available`, `saved_draft_version`).' +
      VERSIONED_WRITE,
  })
  @ApiParam(PAGE_ID)
  @ApiBody({
    type: ReplacementRequestDto,
    examples: {
      replace: {
        summary: 'A new body over version 3',
        value: {
          title: 'Deploys',
          markdown: '# Deploys\n\nRoll out with `npm run release`.',
          expected_version: 3,
          mutation_id: MUTATION_ID,
        },
      },
    },
  })
  @ApiOkResponse({ type: SaveResponseDto })
  replace(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: ReplacementRequestDto,
  ): Promise<SaveResponseDto> {
    return this.saver.replace(actor, parsePageRef(pageId), body);
  }

  @Post(':page_id/appends')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['append_to_page_by_id'] })
  @ApiOperation({
    operationId: 'appendToPage',
    summary: 'Appends Markdown; never overwrites a newer head.',
    description:
      'The Markdown is added after a blank line. When the head moved past `expected_version`, ' +
      'the append is kept as a draft version of the older body (`newer_version_available`).' +
      VERSIONED_WRITE,
  })
  @ApiParam(PAGE_ID)
  @ApiBody({
    type: AppendRequestDto,
    examples: {
      append: {
        summary: 'A line at the end of version 3',
        value: {
          markdown: '- 2025-06-02: rolled back once',
          expected_version: 3,
          mutation_id: MUTATION_ID,
        },
      },
    },
  })
  @ApiOkResponse({ type: SaveResponseDto })
  append(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: AppendRequestDto,
  ): Promise<SaveResponseDto> {
    return this.saver.append(actor, parsePageRef(pageId), body);
  }

  @Delete(':page_id')
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'], mcpTools: ['delete_page'] })
  @ApiOperation({
    operationId: 'deletePage',
    summary: 'Moves the page to the restorable Trash.',
    description:
      'The page leaves search, listings and reads until someone who can write its lane ' +
      'restores it (`POST /api/wiki/trash/{page_id}/restore`, session only). Needs edit rights ' +
      'on the page.',
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: TrashedPageResponseDto })
  remove(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<TrashedPageResponseDto> {
    return this.trash.trash(actor, parsePageRef(pageId));
  }
}

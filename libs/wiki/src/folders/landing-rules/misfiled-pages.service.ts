import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';
import type { EntityManager } from 'typeorm';
import type { WikiErrorCode } from '../../errors/wiki-errors';
import { canWriteLane, type LaneRef } from '../../lanes/lane-path';
import { PageListingRepository } from '../../pages/page-listing.repository';
import type { PageRecord } from '../../pages/page-record';
import { PageReader } from '../../pages/page-reader';
import type { PageRef } from '../../pages/page-ref';
import { INBOX_PATH } from '../../pages/page-create.service';
import { pathOf } from '../../pages/page-view';
import { PageMoveService, type PageMoveResponse } from '../page-move.service';
import { LandingRuleRepository, type LandingRuleRecord } from './landing-rule.repository';
import { literalLength, matchesTitleGlob } from './title-glob';
import { bestRuleFor, type CompiledRule, compileRule, misfiledAmong } from './misfiled-matching';

/** The Inbox pages (by title) and the rules (by folder path) one read considers. */
const INBOX_SCAN = 200;
const RULE_SCAN = 500;

const PATH_TAKEN: WikiErrorCode = 'PAGE_PATH_TAKEN';

/** An Inbox page and the folder whose landing rule says it belongs there. */
export interface MisfiledPage {
  page: PageRecord;
  rule: LandingRuleRecord;
}

const laneOf = (rule: LandingRuleRecord): LaneRef => ({
  lane: rule.lane,
  ownerId: rule.laneOwnerId,
});

const depthOf = (path: string): number => path.split('/').length;

/**
 * Most specific first: the most literal characters, then the deepest folder, then by folder path
 * and id, so that one title always lands in the same folder.
 */
function bySpecificity(a: LandingRuleRecord, b: LandingRuleRecord): number {
  return (
    literalLength(b.titlePattern) - literalLength(a.titlePattern) ||
    depthOf(b.folderPath) - depthOf(a.folderPath) ||
    a.folderPath.localeCompare(b.folderPath) ||
    a.folderId.localeCompare(b.folderId)
  );
}

function refused(reason: string, message: string): AppError {
  return AppError.badRequest(message, { reason });
}

/**
 * Misfiled Inbox pages: a page in the caller's `/Private/Inbox` whose title matches the landing
 * rule of a folder the caller can write (another folder than the Inbox). Computed when read, so
 * it is always current; filing one moves it through the page move with the same checks.
 */
@Injectable()
export class MisfiledPagesService {
  constructor(
    private readonly pages: PageListingRepository,
    private readonly reader: PageReader,
    private readonly rules: LandingRuleRepository,
    private readonly mover: PageMoveService,
  ) {}

  /** The caller's misfiled Inbox pages, by title. */
  async list(actor: Actor): Promise<MisfiledPage[]> {
    const [inbox, rules] = await Promise.all([
      this.pages.listInFolder(
        actor,
        { lane: 'private', ownerId: actor.personId },
        INBOX_PATH,
        INBOX_SCAN,
        0,
      ),
      this.writableRules(actor),
    ]);
    return misfiledAmong(inbox, rules).found;
  }

  /**
   * Moves the caller's misfiled Inbox page `pageId` (numeric) into its rule's folder. Every
   * refused gate is 400 BAD_REQUEST whose message says why (`details.reason`); a second accept,
   * also one running in parallel, finds the page gone from the Inbox.
   */
  async file(
    actor: Actor,
    pageId: string,
  ): Promise<{ move: PageMoveResponse; folder: LandingRuleRecord }> {
    const ref: PageRef = { kind: 'legacy', id: pageId };
    const page = await this.reader.find(actor, ref);
    if (!page) throw refused('no_such_page', `No page ${pageId} of yours is in your Inbox.`);
    if (!isInInbox(actor, page)) throw notInInbox(page);
    // One page against at most RULE_SCAN rules: bounded without a budget (~75 ms at worst).
    const rule = bestRuleFor(page, await this.writableRules(actor));
    if (!rule || rule === 'exhausted') throw noRuleMatches(page);
    try {
      const move = await this.mover.move(actor, ref, { path: rule.folderPath }, (manager, locked) =>
        this.recheck(manager, actor, locked, rule),
      );
      return { move, folder: rule };
    } catch (error) {
      if (error instanceof AppError && String(error.code) === PATH_TAKEN) {
        throw refused(
          'title_taken',
          `A page titled “${page.title}” already exists in ${rule.folderPath}; rename one of them first.`,
        );
      }
      throw error;
    }
  }

  /** The gates again, on the locked page: nothing moved it or changed the rule meanwhile. */
  private async recheck(
    manager: EntityManager,
    actor: Actor,
    page: PageRecord,
    chosen: LandingRuleRecord,
  ): Promise<void> {
    if (!isInInbox(actor, page)) throw notInInbox(page);
    const rule = await this.rules.findReachable(manager, actor, chosen.folderId);
    if (
      !rule ||
      rule.folderPath !== chosen.folderPath ||
      !canWriteLane(actor, laneOf(rule)) ||
      !matchesTitleGlob(rule.titlePattern, page.title)
    ) {
      throw noRuleMatches(page);
    }
  }

  private async writableRules(actor: Actor): Promise<CompiledRule[]> {
    const rules = await this.rules.listReachable(actor, RULE_SCAN);
    return rules
      .filter((rule) => canWriteLane(actor, laneOf(rule)))
      .sort(bySpecificity)
      .map(compileRule);
  }
}

function isInInbox(actor: Actor, page: PageRecord): boolean {
  return (
    page.lane === 'private' &&
    page.lane_owner_id === actor.personId &&
    page.folder_path.toLowerCase() === INBOX_PATH.toLowerCase()
  );
}

function notInInbox(page: PageRecord): AppError {
  return refused(
    'not_in_inbox',
    `“${page.title}” is no longer in your Inbox (it is at ${pathOf(page)}), so there is nothing to file.`,
  );
}

function noRuleMatches(page: PageRecord): AppError {
  return refused(
    'no_matching_rule',
    `No landing rule of a folder you can write matches “${page.title}” any more (the rule was changed or removed, or the folder is no longer yours to write).`,
  );
}

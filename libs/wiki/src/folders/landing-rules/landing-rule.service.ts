import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, validationError } from '@cw/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { canWriteLane } from '../../lanes/lane-path';
import { LandingRuleRepository, type RuleFolderRecord } from './landing-rule.repository';
import { landingRuleView, type LandingRuleView } from './landing-rule-view';
import { titlePatternProblem } from './title-glob';

/**
 * Setting, removing and reading a folder's landing rule. Only someone who can write the folder
 * may set or remove it (the lane rule: a `/Private` folder is its owner's alone); others get 404.
 */
@Injectable()
export class LandingRuleService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: LandingRuleRepository,
  ) {}

  async set(actor: Actor, folderId: string, titlePattern: string): Promise<LandingRuleView> {
    const problem = titlePatternProblem(titlePattern);
    if (problem) throw validationError([{ field: 'title_pattern', message: problem }]);
    return this.dataSource.transaction(async (manager) => {
      const folder = await this.writableFolder(manager, actor, folderId);
      const rule = await this.rules.upsert(manager, {
        folderId,
        companyId: actor.companyId,
        titlePattern,
        setBy: actor.personId,
      });
      return landingRuleView({ folderId: folder.id, folderPath: folder.path, ...rule });
    });
  }

  async remove(actor: Actor, folderId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.writableFolder(manager, actor, folderId);
      await this.rules.delete(manager, folderId);
    });
  }

  async get(actor: Actor, folderId: string): Promise<LandingRuleView> {
    const rule = await this.rules.findReachable(this.dataSource.manager, actor, folderId);
    if (!rule) {
      throw AppError.notFound(
        'That folder has no landing rule, or no such folder is yours to see.',
      );
    }
    return landingRuleView(rule);
  }

  private async writableFolder(
    manager: EntityManager,
    actor: Actor,
    folderId: string,
  ): Promise<RuleFolderRecord> {
    const folder = await this.rules.lockLiveFolder(manager, actor.companyId, folderId);
    if (!folder || !canWriteLane(actor, { lane: folder.lane, ownerId: folder.laneOwnerId })) {
      throw AppError.notFound('No folder with that id is yours to write.');
    }
    return folder;
  }
}

import type { PageRecord } from '../../pages/page-record';
import type { LandingRuleRecord } from './landing-rule.repository';
import {
  checkCost,
  compileRule,
  type CompiledRule,
  GLOB_STEPS_PER_READ,
  misfiledAmong,
} from './misfiled-matching';

const inboxPage = (index: number, title: string) =>
  ({ id: String(index), folder_id: 'inbox', title }) as PageRecord;
const rule = (index: number, pattern: string): LandingRuleRecord => ({
  folderId: `folder-${index}`,
  folderPath: `/Private/F${index}`,
  lane: 'private',
  laneOwnerId: 'me',
  titlePattern: pattern,
  updatedAt: new Date(0),
});
/** The rules, with every glob check counted and its worst-case cost added up. */
const watched = (rules: CompiledRule[]) => {
  const spent = { checks: 0, steps: 0 };
  const compiled = rules.map((compiledRule) => ({
    ...compiledRule,
    glob: {
      ...compiledRule.glob,
      test: (title: string) => {
        spent.checks += 1;
        spent.steps += checkCost(title, compiledRule);
        return compiledRule.glob.test(title);
      },
    },
  }));
  return { compiled, spent };
};

describe('misfiled Inbox pages', () => {
  it('stops within the step budget on 200 long titles against 500 rules built to be slow', () => {
    const inbox = Array.from({ length: 200 }, (_, index) => inboxPage(index, 'a'.repeat(300)));
    const { compiled, spent } = watched(
      Array.from({ length: 500 }, (_, index) =>
        compileRule(rule(index, `*${'a'.repeat(196 - (index % 50))}b*`)),
      ),
    );
    const started = Date.now();
    const { found, complete } = misfiledAmong(inbox, compiled);
    expect({ found, complete }).toEqual({ found: [], complete: false });
    expect(spent.steps).toBeLessThanOrEqual(GLOB_STEPS_PER_READ);
    expect(spent.checks).toBeLessThan(200 * 500);
    // Generous: all 100,000 checks took ~15 s.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('checks every page against every rule of ordinary size, in specificity order', () => {
    const inbox = Array.from({ length: 200 }, (_, index) =>
      inboxPage(index, `Meeting notes ${index} of the platform team`),
    );
    const rules = Array.from({ length: 500 }, (_, index) =>
      compileRule(rule(index, index === 499 ? 'meeting notes 1?? *' : `Retro ${index} *`)),
    );
    const { compiled, spent } = watched(rules);
    const { found, complete } = misfiledAmong(inbox, compiled);
    expect(complete).toBe(true);
    expect(spent.checks).toBe(200 * 500);
    expect(found.map(({ page }) => page.id)).toEqual(
      Array.from({ length: 100 }, (_, index) => String(100 + index)),
    );
    expect(found.every(({ rule: claimed }) => claimed.folderId === 'folder-499')).toBe(true);
  });
});

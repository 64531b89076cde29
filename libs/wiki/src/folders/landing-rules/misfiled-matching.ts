import type { PageRecord } from '../../pages/page-record';
import type { LandingRuleRecord } from './landing-rule.repository';
import { compileTitleGlob, type TitleGlob } from './title-glob';

/**
 * Work one read of the misfiled Inbox pages may do, counted in the glob matcher's worst case
 * (`TitleGlob.worstSteps`: title length × the characters searched for between stars): ~100 ms.
 * 200 Inbox titles × 500 ordinary rules fit many times over; 200 titles of 300 letters against
 * 500 rules of 200 characters built to be slow took ~15 s.
 */
export const GLOB_STEPS_PER_READ = 40_000_000;

export interface CompiledRule {
  rule: LandingRuleRecord;
  glob: TitleGlob;
}

export function compileRule(rule: LandingRuleRecord): CompiledRule {
  return { rule, glob: compileTitleGlob(rule.titlePattern) };
}

/** The worst-case cost of checking `title` against `rule`. */
export function checkCost(title: string, rule: CompiledRule): number {
  return rule.glob.worstSteps(title.length);
}

/**
 * The first rule (in the given order) that claims `page`, or null; `budget` is charged each
 * check, and `exhausted` is returned when the next check would overspend it.
 */
export function bestRuleFor(
  page: PageRecord,
  rules: readonly CompiledRule[],
  budget: { steps: number } = { steps: Infinity },
): LandingRuleRecord | null | 'exhausted' {
  for (const rule of rules) {
    if (rule.rule.folderId === page.folder_id) continue;
    const cost = checkCost(page.title, rule);
    if (cost > budget.steps) return 'exhausted';
    budget.steps -= cost;
    if (rule.glob.test(page.title)) return rule.rule;
  }
  return null;
}

/**
 * Each Inbox page with the rule that claims it, in Inbox order, within `GLOB_STEPS_PER_READ`:
 * past it the pages not yet checked are left out (`complete: false`), so a read stays bounded
 * whatever the rules and titles.
 */
export function misfiledAmong(
  inbox: readonly PageRecord[],
  rules: readonly CompiledRule[],
  steps: number = GLOB_STEPS_PER_READ,
): { found: { page: PageRecord; rule: LandingRuleRecord }[]; complete: boolean } {
  const budget = { steps };
  const found: { page: PageRecord; rule: LandingRuleRecord }[] = [];
  for (const page of inbox) {
    const rule = bestRuleFor(page, rules, budget);
    if (rule === 'exhausted') return { found, complete: false };
    if (rule) found.push({ page, rule });
  }
  return { found, complete: true };
}

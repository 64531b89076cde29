import type { LandingRuleRecord } from './landing-rule.repository';

/** A folder's landing rule as the routes show it. */
export interface LandingRuleView {
  folder_id: string;
  folder_path: string;
  title_pattern: string;
  updated_at: string;
}

export function landingRuleView(
  rule: Pick<LandingRuleRecord, 'folder_id' | 'folder_path' | 'title_pattern' | 'updated_at'>,
): LandingRuleView {
  return {
    folder_id: rule.folder_id,
    folder_path: rule.folder_path,
    title_pattern: rule.title_pattern,
    updated_at: rule.updated_at.toISOString(),
  };
}

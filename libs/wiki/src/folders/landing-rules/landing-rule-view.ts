import type { LandingRuleRecord } from './landing-rule.repository';

/** A folder's landing rule as the routes show it. */
export interface LandingRuleView {
  folder_id: string;
  folder_path: string;
  title_pattern: string;
  updated_at: string;
}

export function landingRuleView(
  rule: Pick<LandingRuleRecord, 'folderId' | 'folderPath' | 'titlePattern' | 'updatedAt'>,
): LandingRuleView {
  return {
    folder_id: rule.folderId,
    folder_path: rule.folderPath,
    title_pattern: rule.titlePattern,
    updated_at: rule.updatedAt.toISOString(),
  };
}

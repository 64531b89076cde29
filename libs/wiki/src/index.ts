export { WikiModule } from './wiki.module';
export { WikiApiModule } from './api/wiki-api.module';
export {
  WikiApi,
  type WikiFiledPage,
  type WikiMisfiledPage,
  type WikiPageContent,
  type WikiPageSummary,
  type WikiRuleFolder,
  type WikiSavedPage,
  type WikiSearchHit,
} from './api/wiki-api';
export { LANE_KINDS } from './lanes/lane-kinds';
export type { LaneKind } from './lanes/lane-path';

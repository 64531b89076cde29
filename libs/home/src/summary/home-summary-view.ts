import type { WikiPageSummary } from '@cw/wiki';
import type { RecentReport } from '@cw/workflows';

/** One offered fix on the home screen. */
export interface ChipView {
  /** What accepting or dismissing names: `misfiling-<page id>`. */
  action_id: string;
  kind: 'misfiling';
  message: string;
  /** For a misfiling chip: the page's numeric id, the path parameter of its accept route. */
  notification_id?: number;
}

/** `GET /api/home/summary`. */
export interface HomeSummaryView {
  company: { id: string; name: string };
  recent_pages: WikiPageSummary[];
  recent_reports: RecentReport[];
  chips: ChipView[];
}

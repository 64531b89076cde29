/** A stored version as the queries of this module select it. */
export interface VersionRow {
  version: number;
  title: string;
  content_md?: string;
  is_draft: boolean;
  based_on_version: number | null;
  author_id: string;
  saved_at: Date;
  message: string | null;
  source_kind: string | null;
  source_provider: string | null;
  source_label: string | null;
}

export const VERSION_COLUMNS = `v.version, v.title, v.is_draft, v.based_on_version, v.author_id, v.saved_at,
  v.message, v.source_kind, v.source_provider, v.source_label`;

export interface ProvenanceView {
  author: { id: string };
  saved_at: string;
  message: string | null;
  /** `web` (session), `api_key` or `oauth`. */
  source_kind: string | null;
  source_provider: string | null;
  source_label: string | null;
}

export interface VersionSummaryView {
  version: number;
  title: string;
  /** A draft is a submission kept when a newer head already existed; it never became head. */
  is_draft: boolean;
  /** True for the page's current head. */
  is_current: boolean;
  based_on_version: number | null;
  saved_at: string;
  provenance: ProvenanceView;
}

export interface VersionView extends VersionSummaryView {
  content_md: string;
}

export function versionSummary(row: VersionRow, currentVersion: number): VersionSummaryView {
  const savedAt = row.saved_at.toISOString();
  return {
    version: row.version,
    title: row.title,
    is_draft: row.is_draft,
    is_current: row.version === currentVersion,
    based_on_version: row.based_on_version,
    saved_at: savedAt,
    provenance: {
      author: { id: row.author_id },
      saved_at: savedAt,
      message: row.message,
      source_kind: row.source_kind,
      source_provider: row.source_provider,
      source_label: row.source_label,
    },
  };
}

export function versionView(row: VersionRow, currentVersion: number): VersionView {
  return { ...versionSummary(row, currentVersion), content_md: row.content_md ?? '' };
}

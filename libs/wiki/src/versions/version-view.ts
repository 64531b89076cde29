import type { PageVersionRecord, PageVersionSummary } from '../pages/page-version.repository';

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

export function versionSummary(
  version: PageVersionSummary,
  currentVersion: number,
): VersionSummaryView {
  const savedAt = version.savedAt.toISOString();
  return {
    version: version.version,
    title: version.title,
    is_draft: version.isDraft,
    is_current: version.version === currentVersion,
    based_on_version: version.basedOnVersion,
    saved_at: savedAt,
    provenance: {
      author: { id: version.authorId },
      saved_at: savedAt,
      message: version.message,
      source_kind: version.sourceKind,
      source_provider: version.sourceProvider,
      source_label: version.sourceLabel,
    },
  };
}

export function versionView(version: PageVersionRecord, currentVersion: number): VersionView {
  return { ...versionSummary(version, currentVersion), content_md: version.contentMd };
}

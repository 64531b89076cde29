/**
 * Types of the pure edit planner: what a page edit asks for, and what planning it against the
 * page's head (and, when the head moved on, the body the caller last saw) decides.
 */

/** One item of an edit request: replace the text `find` with `replace`. */
export interface ReplaceEdit {
  kind: 'replace';
  find: string;
  replace: string;
  /** Replace every occurrence instead of requiring exactly one. */
  all?: boolean;
}

export interface PlanInput {
  /** Current body of the page. */
  head: string;
  /** Body at the caller's `expected_version` when the head is newer; null when head IS that version. */
  base: string | null;
  edits: readonly ReplaceEdit[];
}

/** `already_applied`: `find` is absent from the head and `replace` is present. */
export type EditStatus = 'applied' | 'already_applied';

export interface EditReport {
  /** Position of the edit in the request's `edits` array (0-based). */
  index: number;
  status: EditStatus;
  /** Occurrences of `find` that were replaced; 0 when already applied. */
  matches: number;
}

export type RefusalReason =
  | 'empty_find'
  | 'anchor_absent'
  | 'anchor_ambiguous'
  | 'edits_overlap'
  /** The edits would replace more than `MAX_REPLACED_OCCURRENCES` occurrences together. */
  | 'too_many_matches';

export interface Refusal {
  edit_index: number;
  reason: RefusalReason;
  /** For `edits_overlap`: the earlier edit that the one at `edit_index` overlaps. */
  other_edit_index?: number;
  /** A sentence the caller can act on. */
  message: string;
}

export type EditPlan =
  | { outcome: 'applied'; content: string; edits: EditReport[] }
  | { outcome: 'no_change'; edits: EditReport[] }
  | { outcome: 'refused'; refusal: Refusal }
  | { outcome: 'overtaken'; edit_index: number; message: string };

import { createHash } from 'node:crypto';

/** The most statement texts one process marks; texts marked past it run unprepared. */
export const MAX_PREPARED_TEXTS = 256;

const nameOfText = new Map<string, string>();

/**
 * Marks a statement's text to run as a named prepared statement wherever it runs outside a
 * transaction (`PooledDataSource.query`): each pooled connection then parses and plans it once,
 * instead of at every run, and PostgreSQL may keep one generic plan for it after five runs. For
 * fixed texts on hot paths (the hook-dispatcher's batched reads and records: docs/benchmarks.md,
 * "Prepared statements on hot paths"). A connection keeps every statement it prepared until it
 * closes, so a text with values written into it must never be marked: past `MAX_PREPARED_TEXTS`
 * distinct texts, the rest run unprepared. Answers `text` unchanged.
 */
export function prepared(text: string): string {
  if (!nameOfText.has(text) && nameOfText.size < MAX_PREPARED_TEXTS) {
    nameOfText.set(text, `cw_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  }
  return text;
}

/** The name the statement `text` is prepared under, if it was marked. */
export function preparedStatementName(text: string): string | undefined {
  return nameOfText.get(text);
}

import { join } from 'node:path';
import {
  type ApiClient,
  type components,
  DEFAULT_RETRY,
  retryDelayMs,
  unwrap,
  withRetries,
} from '@cw/api-client';
import type { SyncState } from './sync-state';

export type SyncPage = components['schemas']['SyncBatchPageDto'];

/** One thing `cw sync` did to the folder or the server; `--json` prints the list. */
export interface SyncAction {
  action: 'created' | 'updated' | 'moved' | 'removed' | 'kept' | 'conflict' | 'pushed' | 'refused';
  page_public_id: string;
  path: string;
  /** Relative to the folder. */
  file: string;
  /** Where the local text was kept beside the file, when it was. */
  local_copy?: string;
  version?: number;
  message?: string;
}

/** A sync in progress: the folder, its state (saved as it goes) and what was done. */
export interface SyncRun {
  dir: string;
  client: ApiClient;
  state: SyncState;
  actions: SyncAction[];
}

export const inFolder = (run: SyncRun, file: string): string => join(run.dir, file);
export const relative = (run: SyncRun, file: string): string =>
  file.startsWith(`${run.dir}/`) ? file.slice(run.dir.length + 1) : file;

/** The sync routes answer 429 with `Retry-After: 1` when busy: wait and ask again, a few times. */
const BUSY_TRIES = 5;

export async function withBusyRetries<T extends { response: Response }>(
  send: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const result = await withRetries(send);
    if (result.response.status !== 429 || attempt >= BUSY_TRIES) return result;
    await new Promise((resolve) =>
      setTimeout(resolve, retryDelayMs(DEFAULT_RETRY, attempt, result.response)),
    );
  }
}

/** Reads pages with their content, a bounded number per request (bodies can be large). */
export const PAGES_PER_READ = 20;

export async function readPages(
  client: ApiClient,
  ids: readonly string[],
): Promise<{ pages: SyncPage[]; missing: string[] }> {
  const pages: SyncPage[] = [];
  const missing: string[] = [];
  for (let start = 0; start < ids.length; start += PAGES_PER_READ) {
    const answer = unwrap(
      await withBusyRetries(() =>
        client.POST('/api/wiki/sync/v2/pages/batch', {
          body: { page_ids: ids.slice(start, start + PAGES_PER_READ) },
        }),
      ),
    );
    pages.push(...answer.pages);
    missing.push(...answer.missing.map(String));
  }
  return { pages, missing };
}

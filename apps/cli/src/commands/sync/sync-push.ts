import { randomUUID } from 'node:crypto';
import { ApiError, unwrap, withRetries } from '@cw/api-client';
import { readText, replaceFile, sha256 } from './sync-files';
import { inFolder, readPages, relative, type SyncRun } from './sync-run';
import { saveState } from './sync-state';

/**
 * Sends each tracked file whose text differs from what was last synced, as a full replacement
 * with the version it came from as `expected_version`. When the page moved on meanwhile, the
 * server keeps the text as a draft version; the file then gets the server's text and the local
 * text is kept beside it. Files of no tracked page are not sent (pages are made on the server).
 */
export async function push(run: SyncRun): Promise<void> {
  for (const [id, tracked] of Object.entries(run.state.pages)) {
    const file = inFolder(run, tracked.file);
    const local = await readText(file);
    if (local === null || sha256(local) === tracked.sha256) continue;
    const base = { page_public_id: id, path: tracked.path, file: tracked.file };
    const body = {
      title: tracked.title,
      markdown: local,
      expected_version: tracked.version,
      mutation_id: randomUUID(),
    };
    let answer;
    try {
      answer = unwrap(
        await withRetries(() =>
          run.client.PUT('/api/wiki/pages/{page_id}/content', {
            params: { path: { page_id: id } },
            body,
          }),
        ),
      );
    } catch (error) {
      // One page refused (read-only, too large, gone) does not hold back the others.
      if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) throw error;
      run.actions.push({ ...base, action: 'refused', message: `${error.code}: ${error.message}` });
      continue;
    }
    if (answer.outcome !== 'newer_version_available') {
      run.state.pages[id] = { ...tracked, version: answer.current_version, sha256: sha256(local) };
      run.actions.push({ ...base, action: 'pushed', version: answer.current_version });
    } else {
      const { pages } = await readPages(run.client, [id]);
      const head = pages[0];
      if (!head || head.content_md === undefined) {
        run.actions.push({
          ...base,
          action: 'conflict',
          message: `the page moved on; your text is kept on the server as draft version ${answer.saved_draft_version} and in the file`,
        });
        continue;
      }
      const copy = await replaceFile(file, head.content_md, tracked.sha256);
      run.state.pages[id] = {
        ...tracked,
        version: head.version,
        sha256: sha256(head.content_md),
        title: head.title,
      };
      run.actions.push({
        ...base,
        action: 'conflict',
        version: head.version,
        local_copy: copy === undefined ? undefined : relative(run, copy),
        message: `the page moved on to version ${head.version}: its text is in the file, yours beside it (and on the server as draft version ${answer.saved_draft_version})`,
      });
    }
    await saveState(run.dir, run.state);
  }
}

import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { unwrap } from '@cw/api-client';
import {
  fileForPage,
  keepLocalCopy,
  readText,
  removeFile,
  replaceFile,
  sha256,
} from './sync-files';
import {
  inFolder,
  readPages,
  relative,
  type SyncPage,
  type SyncRun,
  withBusyRetries,
} from './sync-run';
import { saveState } from './sync-state';

/** The changes route's page size (its default); content is then read PAGES_PER_READ at a time. */
export const CHANGES_PER_REQUEST = 100;

/** Another tracked page already has this file. */
const fileTakenBy = (run: SyncRun, publicId: string) => (file: string) =>
  Object.entries(run.state.pages).some(([id, page]) => id !== publicId && page.file === file);

/**
 * A page left the folder's reach (trashed, no longer visible, or restricted): its file goes,
 * unless it holds local changes; then it stays, no longer synced, and the action says so.
 */
async function forgetPage(run: SyncRun, publicId: string, why: string): Promise<void> {
  const tracked = run.state.pages[publicId];
  if (!tracked) return;
  delete run.state.pages[publicId];
  const file = inFolder(run, tracked.file);
  const local = await readText(file);
  if (local === null) return;
  const base = { page_public_id: publicId, path: tracked.path, file: tracked.file };
  if (sha256(local) === tracked.sha256) {
    await removeFile(file);
    run.actions.push({ ...base, action: 'removed', message: why });
  } else
    run.actions.push({
      ...base,
      action: 'kept',
      message: `${why}; the file has local changes, so it stays (no longer synced)`,
    });
}

/** The server's text into the page's file, keeping whatever local text it would replace. */
async function applyPage(run: SyncRun, page: SyncPage): Promise<void> {
  const id = page.page_public_id;
  const text = page.content_md ?? '';
  const tracked = run.state.pages[id];
  const target =
    tracked && tracked.path === page.path
      ? tracked.file
      : fileForPage(page.path, id, fileTakenBy(run, id));
  const base = { page_public_id: id, path: page.path, file: target, version: page.version };
  let localCopy: string | undefined;

  if (tracked && tracked.file !== target) {
    const oldFile = inFolder(run, tracked.file);
    const local = await readText(oldFile);
    const changedHere = local !== null && sha256(local) !== tracked.sha256;
    if (
      changedHere &&
      page.version === tracked.version &&
      (await readText(inFolder(run, target))) === null
    ) {
      // Renamed or moved on the server, text unchanged: the file follows with its local edits.
      await moveFile(oldFile, inFolder(run, target));
      run.state.pages[id] = { ...tracked, file: target, title: page.title, path: page.path };
      run.actions.push({
        ...base,
        action: 'moved',
        message: `from ${tracked.file}, with your local changes`,
      });
      return;
    }
    if (changedHere) localCopy = relative(run, await keepLocalCopy(inFolder(run, target), local));
    if (local !== null) await removeFile(oldFile);
  }
  const pristine = tracked && tracked.file === target ? tracked.sha256 : undefined;
  const copied = await replaceFile(inFolder(run, target), text, pristine);
  localCopy ??= copied === undefined ? undefined : relative(run, copied);

  run.state.pages[id] = {
    file: target,
    version: page.version,
    sha256: sha256(text),
    title: page.title,
    path: page.path,
  };
  if (localCopy)
    run.actions.push({
      ...base,
      action: 'conflict',
      local_copy: localCopy,
      message: 'changed on the server and here: the server’s text is in the file, yours beside it',
    });
  else if (!tracked) run.actions.push({ ...base, action: 'created' });
  else if (tracked.file !== target)
    run.actions.push({ ...base, action: 'moved', message: `from ${tracked.file}` });
  else if (tracked.sha256 !== sha256(text)) run.actions.push({ ...base, action: 'updated' });
}

/** Only onto a name that is free (the caller checked), so nothing is replaced. */
async function moveFile(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await rename(from, to);
}

/**
 * Brings the folder up to the server: the changes after the stored cursor, page by page of the
 * feed; the cursor is saved after each page of changes is applied, so an interrupted sync
 * resumes there.
 */
export async function pull(run: SyncRun): Promise<void> {
  for (;;) {
    const sent = run.state.cursor;
    const answer = unwrap(
      await withBusyRetries(() =>
        run.client.GET('/api/wiki/sync/v2/changes', {
          params: { query: { cursor: sent ?? undefined, limit: CHANGES_PER_REQUEST } },
        }),
      ),
    );
    const latest = new Map(answer.changes.map((change) => [change.page_public_id, change]));
    const toRead: string[] = [];
    for (const [id, change] of latest) {
      const tracked = run.state.pages[id];
      if (change.deleted) await forgetPage(run, id, 'moved to the Trash on the server');
      else if (
        !tracked ||
        tracked.version !== change.version ||
        tracked.path !== change.path ||
        tracked.title !== change.title
      )
        toRead.push(id);
    }
    const { pages, missing } = await readPages(run.client, toRead);
    for (const page of pages)
      if (page.access === null || page.content_md === undefined)
        await forgetPage(run, page.page_public_id, 'restricted: its content is not yours to read');
      else await applyPage(run, page);
    for (const id of missing) await forgetPage(run, id, 'no longer visible to you');
    run.state.cursor = answer.next_cursor;
    await saveState(run.dir, run.state);
    if (!answer.has_more || answer.next_cursor === sent) return;
  }
}

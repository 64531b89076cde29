import { mkdir, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CliContext } from '../../context';
import { ExitCode } from '../../exit-codes';
import { action } from '../command-kit';
import { pull } from './sync-pull';
import { push } from './sync-push';
import type { SyncAction, SyncRun } from './sync-run';
import { loadState, lockFolder, saveState, STATE_FILE } from './sync-state';

function describe(entry: SyncAction): string {
  const copy = entry.local_copy ? ` (yours: ${entry.local_copy})` : '';
  const why = entry.message ? `: ${entry.message}` : '';
  return `${entry.action.padEnd(8)} ${entry.file}${copy}${why}`;
}

async function sync(
  context: CliContext,
  dirArg: string,
  options: { push?: boolean },
): Promise<void> {
  await mkdir(dirArg, { recursive: true });
  const dir = await realpath(resolve(dirArg));
  const [url, client] = await Promise.all([context.baseUrl(), context.client()]);
  const release = await lockFolder(dir);
  let run: SyncRun;
  try {
    run = { dir, client, state: await loadState(dir, url), actions: [] };
    await saveState(dir, run.state);
    if (options.push) await push(run);
    await pull(run);
  } finally {
    await release();
  }
  const conflicts = run.actions.filter((entry) => entry.action === 'conflict').length;
  const refused = run.actions.filter((entry) => entry.action === 'refused').length;
  context.out.result(
    {
      dir,
      state_file: STATE_FILE,
      pushed: options.push === true,
      actions: run.actions,
      conflicts,
      refused,
      pages: Object.keys(run.state.pages).length,
    },
    () => {
      for (const entry of run.actions) context.out.line(describe(entry));
      if (run.actions.length === 0) context.out.line(`Up to date: ${dir} (nothing changed).`);
    },
  );
  if (conflicts > 0)
    context.out.note(
      `${conflicts} conflict${conflicts === 1 ? '' : 's'}: both texts are kept. Merge each *.local.md into its file, delete the copy, then run \`cw sync ${dirArg} --push\`.`,
    );
  if (conflicts > 0) process.exitCode = ExitCode.conflict;
  else if (refused > 0) process.exitCode = ExitCode.failed;
}

export function registerSyncCommand(program: Command): void {
  program
    .command('sync')
    .description(
      'mirror the pages you can read into a folder of Markdown files; --push sends your edits first',
    )
    .argument('<dir>', `the folder (made if missing; its state is kept in DIR/${STATE_FILE})`)
    .option(
      '--push',
      'send files changed here (with the version they came from; a newer page keeps both texts)',
    )
    .action(action(sync));
}

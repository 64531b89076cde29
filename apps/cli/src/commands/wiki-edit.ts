import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unwrap, withRetries } from '@cw/api-client';
import { createTwoFilesPatch } from 'diff';
import { draftsDir } from '../config/config-paths';
import type { CliContext } from '../context';
import { CliError, ExitCode } from '../exit-codes';
import { readEditablePage } from './page-ref';

/** $VISUAL, else $EDITOR, else vi; run by the shell so `code --wait` works as written. */
async function runEditor(env: NodeJS.ProcessEnv, file: string): Promise<void> {
  const editor = env.VISUAL || env.EDITOR || 'vi';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'cw-editor', file], {
      stdio: 'inherit',
      env,
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0)
    throw new CliError(
      `the editor (${editor}) exited with status ${code}: nothing was sent; your text is in ${file}`,
      ExitCode.failed,
      'EDITOR_FAILED',
    );
}

/**
 * `cw wiki edit`: the page's Markdown in a draft file under the config folder, $EDITOR on it,
 * then a full replacement with `expected_version` and a fresh `mutation_id`. The draft file is
 * removed only once the server has the text; on `newer_version_available` (someone saved
 * meanwhile) it stays, and the difference to the new head is shown.
 */
export async function editPageInEditor(context: CliContext, ref: string): Promise<void> {
  const client = await context.client();
  const read = await readEditablePage(client, ref);
  const page = read.page;
  const original = page.content_md ?? '';
  const dir = draftsDir(context.env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const draftFile = join(dir, `${page.public_id}-v${page.current_version}-${stamp}.md`);
  await writeFile(draftFile, original, { mode: 0o600 });

  await runEditor(context.env, draftFile);
  const draft = await readFile(draftFile, 'utf8');
  if (draft === original) {
    await rm(draftFile, { force: true });
    context.out.result(
      { outcome: 'unchanged', page: { public_id: page.public_id, path: page.path } },
      () => context.out.line(`No change to ${page.path}: nothing sent.`),
    );
    return;
  }

  const body = {
    title: read.title,
    markdown: draft,
    expected_version: page.current_version,
    mutation_id: randomUUID(),
  };
  let answer;
  try {
    answer = unwrap(
      await withRetries(() =>
        client.PUT('/api/wiki/pages/{page_id}/content', {
          params: { path: { page_id: page.public_id } },
          body,
        }),
      ),
    );
  } catch (error) {
    context.out.note(`Your text is kept in ${draftFile}.`);
    throw error;
  }

  if (answer.outcome !== 'newer_version_available') {
    await rm(draftFile, { force: true });
    context.out.result(answer, () =>
      context.out.line(
        `${answer.outcome}: ${answer.page.path} (version ${answer.current_version})`,
      ),
    );
    if (answer.outcome === 'stale_noop') process.exitCode = ExitCode.conflict;
    return;
  }

  const head = unwrap(
    await client.GET('/api/wiki/pages/{page_id}', {
      params: { path: { page_id: page.public_id } },
    }),
  );
  const headText = head.page.content_md ?? '';
  const difference = createTwoFilesPatch(
    `${page.path} (version ${head.page.current_version}, on the server)`,
    `${draftFile} (your draft)`,
    headText,
    draft,
  );
  context.out.result(
    {
      outcome: answer.outcome,
      save: answer,
      draft_file: draftFile,
      head_version: head.page.current_version,
      diff: difference,
    },
    () => {
      context.out.note(
        `${page.path} moved on to version ${head.page.current_version} while you edited (you started from ${page.current_version}). ` +
          `Nothing was overwritten. Your text is kept: on the server as draft version ${answer.saved_draft_version ?? '-'}, and in ${draftFile}.`,
      );
      context.out.note('The difference from the current version to your draft:');
      context.out.write(difference);
      context.out.note(
        `Merge by hand, then save with \`cw wiki put\` or run \`cw wiki edit ${ref}\` again.`,
      );
    },
  );
  process.exitCode = ExitCode.conflict;
}

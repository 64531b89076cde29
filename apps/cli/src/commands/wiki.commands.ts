import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type components, unwrap, withRetries } from '@cw/api-client';
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { CliError, ExitCode, usageError } from '../exit-codes';
import { MAX_INPUT_BYTES, readStream, stdinIsTerminal } from '../input/stdin';
import { action, integerIn } from './command-kit';
import { readEditablePage, resolvePageId } from './page-ref';
import { editPageInEditor } from './wiki-edit';

type SaveResponse = components['schemas']['SaveResponseDto'];
type EditResponse = components['schemas']['EditResponseDto'];

/** The server's own default for `max_attempts` (the description marks it). */
const DEFAULT_MAX_ATTEMPTS = 3;

/** Markdown from --file, else from stdin (piped: a terminal would wait for typing). */
async function readMarkdown(file: string | undefined): Promise<string> {
  if (file) {
    const text = await readFile(file, 'utf8');
    if (Buffer.byteLength(text) > MAX_INPUT_BYTES)
      throw usageError(`${file} is larger than ${MAX_INPUT_BYTES} bytes`);
    return text;
  }
  if (stdinIsTerminal()) throw usageError('give the Markdown with --file F, or pipe it on stdin');
  return readStream(process.stdin, 'the Markdown on stdin');
}

async function search(
  context: CliContext,
  query: string,
  options: { limit?: number; offset?: number },
): Promise<void> {
  const client = await context.client();
  const found = unwrap(
    await client.GET('/api/wiki/search', {
      params: { query: { q: query, limit: options.limit, offset: options.offset } },
    }),
  );
  context.out.result(found, () => {
    context.out.table(
      found.results,
      [
        { header: 'ID', value: (result) => result.page_public_id },
        { header: 'PATH', value: (result) => result.path },
        { header: 'VERSION', value: (result) => result.version },
      ],
      'No page you can read matches.',
    );
    if (found.has_more) context.out.note('More results: use --offset.');
  });
}

async function read(context: CliContext, ref: string): Promise<void> {
  const client = await context.client();
  const pageId = await resolvePageId(client, ref);
  const answer = unwrap(
    await client.GET('/api/wiki/pages/{page_id}', { params: { path: { page_id: pageId } } }),
  );
  context.out.result(answer, () => {
    if (answer.access === null)
      throw new CliError(
        `page ${answer.page.path} is restricted: you see that it exists, not its content`,
        ExitCode.accessDenied,
        'ACCESS_DENIED',
      );
    context.out.write(answer.page.content_md ?? '');
  });
}

async function put(
  context: CliContext,
  folder: string,
  options: { title: string; file?: string; message?: string; expectedVersion?: number },
): Promise<void> {
  if (!folder.startsWith('/')) throw usageError(`the folder "${folder}" must start with /`);
  const markdown = await readMarkdown(options.file);
  const client = await context.client();
  const answer = unwrap(
    await client.POST('/api/wiki/pages/upserts', {
      body: {
        path: folder,
        title: options.title,
        markdown,
        message: options.message,
        expected_version: options.expectedVersion,
      },
    }),
  );
  context.out.result(answer, () =>
    context.out.line(
      `${answer.outcome}: ${answer.page.path} (version ${answer.version}, ${answer.page.public_id})`,
    ),
  );
  if (answer.outcome === 'newer_version_available') {
    context.out.note(
      `The page moved on: your text is kept as draft version ${answer.saved_draft_version}; the head is unchanged.`,
    );
    process.exitCode = ExitCode.conflict;
  }
}

async function append(
  context: CliContext,
  ref: string,
  options: { file?: string; message?: string },
): Promise<void> {
  const markdown = await readMarkdown(options.file);
  const client = await context.client();
  const page = await readEditablePage(client, ref);
  const body = {
    markdown,
    message: options.message,
    expected_version: page.page.current_version,
    mutation_id: randomUUID(),
  };
  // The mutation id makes a retry after a lost answer replay the first outcome, never a 2nd append.
  const answer = unwrap(
    await withRetries(() =>
      client.POST('/api/wiki/pages/{page_id}/appends', {
        params: { path: { page_id: page.page.public_id } },
        body,
      }),
    ),
  );
  reportSave(context, answer);
}

export function reportSave(context: CliContext, answer: SaveResponse): void {
  context.out.result(answer, () =>
    context.out.line(`${answer.outcome}: ${answer.page.path} (version ${answer.current_version})`),
  );
  if (answer.outcome === 'newer_version_available' || answer.outcome === 'stale_noop')
    process.exitCode = ExitCode.conflict;
}

async function replace(
  context: CliContext,
  ref: string,
  options: { find: string; replace: string; all?: boolean; maxAttempts?: number },
): Promise<void> {
  if (options.find === '') throw usageError('--find must not be empty');
  const client = await context.client();
  const page = await readEditablePage(client, ref);
  const body = {
    expected_version: page.page.current_version,
    mutation_id: randomUUID(),
    edits: [
      {
        kind: 'replace' as const,
        find: options.find,
        replace: options.replace,
        all: options.all === true,
      },
    ],
    max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
  const answer = unwrap(
    await withRetries(() =>
      client.POST('/api/wiki/pages/{page_id}/edits', {
        params: { path: { page_id: page.page.public_id } },
        body,
      }),
    ),
  );
  context.out.result(answer, () => describeEdit(context, answer));
  if (answer.outcome !== 'applied' && answer.outcome !== 'no_change')
    process.exitCode = ExitCode.conflict;
}

function describeEdit(context: CliContext, answer: EditResponse): void {
  context.out.line(
    `${answer.outcome}: ${answer.page.path} (version ${answer.base_version} → ${answer.current_version}, ${answer.attempts} attempt${answer.attempts === 1 ? '' : 's'})`,
  );
  if (answer.refusal)
    context.out.line(`refused: ${answer.refusal.reason}: ${answer.refusal.message}`);
  if (answer.note) context.out.line(answer.note);
}

async function remove(context: CliContext, ref: string): Promise<void> {
  const client = await context.client();
  const pageId = await resolvePageId(client, ref);
  const answer = unwrap(
    await client.DELETE('/api/wiki/pages/{page_id}', { params: { path: { page_id: pageId } } }),
  );
  context.out.result(answer, () =>
    context.out.line(`Moved ${answer.page.path} to the Trash (restore it in the web app).`),
  );
}

export function registerWikiCommands(program: Command): void {
  const wiki = program.command('wiki').description('search, read and write wiki pages');
  const ref = ['<page>', 'the page: its UUID, numeric id or path (/Company/…/Title)'] as const;
  wiki
    .command('search')
    .description('search the pages you can read')
    .argument('<query>', 'words; "quoted words" match as a phrase, -word excludes')
    .option('--limit <n>', 'results per page (1-50)', integerIn(1, 50))
    .option('--offset <n>', 'skip this many results', integerIn(0, 1_000_000))
    .action(action(search));
  wiki
    .command('read')
    .description("print a page's Markdown")
    .argument(...ref)
    .action(action(read));
  wiki
    .command('put')
    .description(
      'create or replace the page with this title in a folder (Markdown from --file or stdin)',
    )
    .argument('<folder>', 'the folder path, e.g. /Company/Runbooks')
    .requiredOption('--title <title>', 'the page title')
    .option('--file <file>', 'read the Markdown from this file')
    .option('--message <message>', 'a note for the version history')
    .option(
      '--expected-version <n>',
      'refuse to overwrite a page that moved past this version',
      integerIn(1, Number.MAX_SAFE_INTEGER),
    )
    .action(action(put));
  wiki
    .command('append')
    .description('append Markdown (from --file or stdin) to a page')
    .argument(...ref)
    .option('--file <file>', 'read the Markdown from this file')
    .option('--message <message>', 'a note for the version history')
    .action(action(append));
  wiki
    .command('edit')
    .description(
      'edit a page in $EDITOR; a newer version on the server keeps your draft and shows the difference',
    )
    .argument(...ref)
    .action(action(editPageInEditor));
  wiki
    .command('replace')
    .description('replace text in a page (safe against concurrent saves)')
    .argument(...ref)
    .requiredOption('--find <text>', 'the text to find (must match once, unless --all)')
    .requiredOption('--replace <text>', 'what to put in its place')
    .option('--all', 'replace every match')
    .option(
      '--max-attempts <n>',
      'how often the server may re-plan against newer saves',
      integerIn(1, 10),
    )
    .action(action(replace));
  wiki
    .command('rm')
    .description('move a page to the Trash')
    .argument(...ref)
    .action(action(remove));
}

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const MAX_SEGMENT = 120;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A path segment as a portable file name: no separators or control characters, never hidden. */
function fileSegment(segment: string): string {
  let name = Array.from(segment, (char) =>
    char.charCodeAt(0) < 0x20 || char === '\u007f' || '\\/:*?"<>|'.includes(char) ? '_' : char,
  )
    .join('')
    .slice(0, MAX_SEGMENT);
  if (name.startsWith('.')) name = `_${name}`;
  name = name.replace(/[. ]+$/, (tail) => '_'.repeat(tail.length));
  return name === '' ? '_' : name;
}

/**
 * The file of a page, relative to the folder: its path's folders as folders and its title plus
 * `.md` (`/Company/Runbooks/Deploys` → `Company/Runbooks/Deploys.md`). When another page already
 * has that file, the page's id tells them apart.
 */
export function fileForPage(
  pagePath: string,
  publicId: string,
  takenByAnother: (file: string) => boolean,
): string {
  const segments = pagePath.split('/').filter((segment) => segment !== '');
  const parts = (segments.length > 0 ? segments : ['_']).map(fileSegment);
  const title = parts.pop() as string;
  const plain = [...parts, `${title}.md`].join('/');
  if (!takenByAnother(plain)) return plain;
  return [...parts, `${title} ~${publicId.slice(0, 8)}.md`].join('/');
}

/** A file's text, or null when there is none. */
export async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Written whole through a temporary file beside it, so a reader never sees half a page. */
export async function writeTextAtomically(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = join(dirname(file), `.cw-${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(partial, text, { flag: 'wx' });
  await rename(partial, file);
}

/**
 * Keeps `text` in a new file beside `file` (`Title.local.md`, else `Title.local-2.md`, …): created
 * exclusively, so an earlier copy is never overwritten either. Returns the copy's path.
 */
export async function keepLocalCopy(file: string, text: string): Promise<string> {
  const stem = file.replace(/\.md$/, '');
  for (let n = 1; ; n++) {
    const copy = `${stem}.local${n === 1 ? '' : `-${n}`}.md`;
    try {
      await mkdir(dirname(copy), { recursive: true });
      const handle = await open(copy, 'wx');
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
      return copy;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Puts `text` into `file`. What the file held is copied aside first unless it is that text or
 * the synced text of this page (`pristineSha`): nothing local is lost. Returns the copy's path.
 */
export async function replaceFile(
  file: string,
  text: string,
  pristineSha: string | undefined,
): Promise<string | undefined> {
  const existing = await readText(file);
  let copy: string | undefined;
  if (existing !== null && existing !== text && sha256(existing) !== pristineSha)
    copy = await keepLocalCopy(file, existing);
  await writeTextAtomically(file, text);
  return copy;
}

export const removeFile = (file: string): Promise<void> => rm(file, { force: true });

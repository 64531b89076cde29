import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The fence languages whose blocks are shell examples a reader runs. */
const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell']);

/**
 * One shell block of a page, with what the page says about it: `<!-- not run: reason -->` just
 * above the fence keeps it out of the test; `<!-- expect: text -->` there, or a "prints" line
 * then a ```text block just below it, is output the reader should see.
 */
export interface ShellExample {
  /** The page, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** Why the block is not run; '' when its marker gives no reason. */
  notRun?: string;
  /** Lines the output must hold, in order; `…` in a line stands for any text. */
  expected: string[];
}

interface Fence {
  start: number;
  end: number;
  language: string;
  body: string[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;
const COMMENT = /^\s*<!--([\s\S]*?)-->\s*$/;

function fencesOf(lines: string[]): Fence[] {
  const fences: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]);
    if (!open) continue;
    const [, indent, marker, language] = open;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !lines[end].trimStart().startsWith(marker)) {
      body.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end]);
      end++;
    }
    fences.push({ start: index, end, language: language.toLowerCase(), body });
    index = end;
  }
  return fences;
}

/** The HTML comments just above line `start` (blank lines between them allowed). */
function commentsAbove(lines: string[], start: number): string[] {
  const comments: string[] = [];
  for (let index = start - 1; index >= 0; index--) {
    if (lines[index].trim() === '') continue;
    const comment = COMMENT.exec(lines[index]);
    if (!comment) break;
    comments.unshift(comment[1].trim());
  }
  return comments;
}

/**
 * A ```text block after the fence that ends at `end`, when the one paragraph between them says
 * the example prints it ("It prints:").
 */
function printedBelow(lines: string[], end: number, fences: Fence[]): string[] {
  let index = end + 1;
  while (index < lines.length && lines[index].trim() === '') index++;
  const paragraph: string[] = [];
  while (index < lines.length && lines[index].trim() !== '' && !FENCE.test(lines[index])) {
    paragraph.push(lines[index].trim());
    index++;
  }
  const said = paragraph.join(' ');
  if (!/\bprints\b/i.test(said) || !said.endsWith(':')) return [];
  while (index < lines.length && lines[index].trim() === '') index++;
  const next = fences.find((fence) => fence.start === index);
  return next?.language === 'text' ? next.body.filter((line) => line.trim() !== '') : [];
}

/** Every shell example of one page, in order. */
export function shellExamplesOf(file: string, text: string): ShellExample[] {
  const lines = text.split('\n');
  const fences = fencesOf(lines);
  return fences
    .filter((fence) => SHELL_LANGUAGES.has(fence.language))
    .map((fence) => {
      const comments = commentsAbove(lines, fence.start);
      const notRun = comments.find((comment) => /^not run\b/i.test(comment));
      return {
        file,
        line: fence.start + 1,
        code: fence.body.join('\n'),
        ...(notRun !== undefined && { notRun: notRun.replace(/^not run\s*:?\s*/i, '') }),
        expected: [
          ...comments
            .filter((comment) => /^expect:/i.test(comment))
            .map((comment) => comment.replace(/^expect:\s*/i, '')),
          ...printedBelow(lines, fence.end, fences),
        ],
      };
    });
}

const DOC_LINK = /\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g;

/**
 * README.md and the pages under docs/ it links, and those they link in turn, README first and
 * then in the order the links are found.
 */
export function linkedPages(root: string, start = 'README.md'): string[] {
  const pages = [start];
  for (let index = 0; index < pages.length; index++) {
    const text = readFileSync(join(root, pages[index]), 'utf8');
    for (const [, target] of text.matchAll(DOC_LINK)) {
      const page = relative(root, join(root, dirname(pages[index]), target));
      if (!/^docs\/[^/]+\.md$/.test(page) || pages.includes(page)) continue;
      if (existsSync(join(root, page))) pages.push(page);
    }
  }
  return pages;
}

/**
 * The expected lines `output` lacks: each must occur within a line of it, in order; `…` in an
 * expected line matches any text.
 */
export function missingOutput(output: string, expected: readonly string[]): string[] {
  const lines = output.split('\n').map((line) => line.trimEnd());
  let from = 0;
  const missing: string[] = [];
  for (const wanted of expected) {
    const pattern = new RegExp(
      wanted
        .trim()
        .split('…')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*'),
    );
    const found = lines.findIndex((line, index) => index >= from && pattern.test(line));
    if (found === -1) missing.push(wanted);
    else from = found + 1;
  }
  return missing;
}

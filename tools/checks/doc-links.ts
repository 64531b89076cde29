import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A reference in a Markdown file to a file of the repository that is not there. */
export interface BrokenReference {
  file: string;
  reference: string;
}

/** Top-level folders a code span may name a repository path by (`shared/` is not in a clone). */
const REPOSITORY_PATH = /^(apps|libs|tools|docs|docker|k8s|shared)\/\S*$/;
/** A pattern or placeholder, not one path: `*.spec.ts`, `<feature>`, `{a,b}`, `…`, `$APP`. */
const NOT_ONE_PATH = /[*<>{}…$]/;
const EXTERNAL = /^([a-z][a-z0-9+.-]*:|#)/i;

const withoutFencedCode = (text: string): string => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');

/**
 * Every relative link (`[text](path)`, `[label]: path`) resolved from the Markdown file's folder,
 * and every code span naming a repository path (`libs/wiki/src/…`) resolved from the root.
 * Links to other sites and to anchors of the same page are not followed.
 */
export function brokenReferences(repoRoot: string, file: string, text: string): BrokenReference[] {
  const prose = withoutFencedCode(text);
  const links = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
      ([, target]) => target,
    ),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map(([, target]) => target),
  ].filter((target): target is string => !!target && !EXTERNAL.test(target));
  const paths = [...prose.matchAll(/`([^`\n]+)`/g)]
    .map(([, span]) => span ?? '')
    .filter((span) => REPOSITORY_PATH.test(span) && !NOT_ONE_PATH.test(span));
  const broken = (reference: string, base: string): boolean => {
    const path = decodeURI(reference.replace(/[#?].*$/, '').replace(/:\d+$/, ''));
    return !existsSync(join(base, path));
  };
  return [
    ...links.filter((link) => broken(link, join(repoRoot, dirname(file)))),
    ...paths.filter((path) => broken(path, repoRoot)),
  ].map((reference) => ({ file, reference }));
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** One line of a `.dockerignore`: a path pattern, negated (`!`) to send what it matches again. */
export interface IgnoreRule {
  negated: boolean;
  pattern: RegExp;
}

/** BuildKit's pattern syntax: `*` and `?` within one path segment, `**` across any number. */
function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? '';
    if (char === '*' && pattern[i + 1] === '*') {
      const slashAfter = pattern[i + 2] === '/';
      source += slashAfter ? '(.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const path = (negated ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      return { negated, pattern: patternToRegExp(path) };
    });
}

/**
 * Whether the builder receives a file (repository-relative path): the last rule that matches
 * the path or one of its parent folders decides, as in BuildKit; no match sends it.
 */
export function isSent(rules: IgnoreRule[], path: string): boolean {
  const parts = path.split('/');
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let sent = true;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) sent = rule.negated;
  }
  return sent;
}

/** The files of the repository (tracked and new, as a clone plus local work) a build receives. */
export function buildContext(repoRoot: string, dockerignore: string): string[] {
  const rules = parseDockerignore(readFileSync(dockerignore, 'utf8'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return files
    .split('\n')
    .filter((file) => file !== '' && isSent(rules, file))
    .sort();
}

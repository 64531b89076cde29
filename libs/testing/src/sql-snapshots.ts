import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { compileStatement, type Statement } from '@cw/db';
import { createTwoFilesPatch } from 'diff';

/** A repository's statements: each builds one statement from the method's arguments. */
export type StatementSet = Record<string, (...args: never[]) => Statement<unknown>>;

/** Example arguments for every statement of a set (a type error when one has none). */
export type StatementExamples<Set extends StatementSet> = {
  [Name in keyof Set]: Parameters<Set[Name]>[];
};

export interface SnapshotGroup<Set extends StatementSet = StatementSet> {
  /** The repository the statements belong to: the heading of each in the snapshot. */
  owner: string;
  statements: Set;
  examples: StatementExamples<Set>;
}

/** Typed at each call, so that the examples must fit the statements' parameters. */
export const snapshotGroup = <Set extends StatementSet>(group: SnapshotGroup<Set>): SnapshotGroup =>
  group;

export const UPDATE_SQL_SNAPSHOTS = 'UPDATE_SQL_SNAPSHOTS';

const KEYWORDS = [
  'from',
  'inner join',
  'left join',
  'where',
  'and',
  'or',
  'group by',
  'order by',
  'limit',
  'offset',
  'returning',
  'set',
  'values',
  'on conflict',
  'union all',
  'for update',
];

/**
 * One statement as reviewable text: a hand-written one as written (dedented), a built one (one
 * line from Kysely) broken before each clause and after each comma, outside parentheses and
 * quotes.
 */
export function layoutSql(text: string): string {
  if (text.includes('\n')) {
    const lines = text
      .replace(/^\s*\n/, '')
      .trimEnd()
      .split('\n');
    const indent = Math.min(
      ...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length),
    );
    return lines.map((line) => line.slice(indent)).join('\n');
  }
  let out = '';
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
      out += char;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (depth === 0 && char === ' ') {
      const keyword = KEYWORDS.find((word) => text.startsWith(`${word} `, i + 1));
      if (keyword && !(keyword === 'from' && out.endsWith('delete'))) {
        out += ['and', 'or'].includes(keyword) ? '\n  ' : '\n';
        continue;
      }
    }
    if (depth === 0 && char === ',' && text[i + 1] === ' ') {
      out += ',\n  ';
      i += 1;
      continue;
    }
    out += char;
  }
  return out;
}

function parameterText(value: unknown): string {
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  return JSON.stringify(value);
}

/** Every example of every statement of the groups, compiled, as one reviewable text. */
export function renderStatements(source: string, groups: SnapshotGroup[]): string {
  const parts = [
    `-- Written by ${source} (${UPDATE_SQL_SNAPSHOTS}=1 rewrites it): the SQL each repository\n` +
      `-- method runs, compiled with example arguments. A change to a statement shows here.`,
  ];
  for (const { owner, statements, examples } of groups) {
    for (const [name, build] of Object.entries(statements)) {
      const variants = examples[name] ?? [];
      if (variants.length === 0) throw new Error(`${owner}.${name} has no example arguments`);
      variants.forEach((args, index) => {
        const { sql, parameters } = compileStatement(build(...args));
        const heading = variants.length > 1 ? ` (${index + 1} of ${variants.length})` : '';
        const bound = parameters.map((value, at) => `$${at + 1} = ${parameterText(value)}`);
        parts.push(
          [
            `-- ${owner}.${name}${heading}`,
            ...(bound.length > 0 ? [`-- ${bound.join(', ')}`] : []),
            `${layoutSql(sql)};`,
          ].join('\n'),
        );
      });
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * Compares the rendered statements with the committed snapshot, or rewrites it when
 * `UPDATE_SQL_SNAPSHOTS=1`. A missing or different snapshot fails with the way to refresh it.
 */
export function expectSqlSnapshot(path: string, text: string): void {
  if (process.env[UPDATE_SQL_SNAPSHOTS] === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const committed = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (committed !== text) {
    throw new Error(
      `${path} is not the SQL the repositories run: review the change, then rerun with ` +
        `${UPDATE_SQL_SNAPSHOTS}=1 and commit the file.\n` +
        createTwoFilesPatch(path, `${path} (as run now)`, committed ?? '', text),
    );
  }
}

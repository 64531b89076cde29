import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * "A context writes only its own tables", checked over the sources:
 * - `foreign-schema`: code of a lib (its `src/` and its `test/`) names a table of a schema that
 *   another context owns;
 * - `sql-outside-repository`: a lib file other than a repository, a `*.sql.ts` builder, the
 *   context's `testing` fixtures, a migration or a test holds SQL over a context schema;
 * - `table-outside-context`: an app or a tool (outside tests) names a context's table;
 * - `raw-query-in-typed-context`: production code of a context on the typed layer (`TYPED_CONTEXTS`)
 *   calls `query()` itself instead of running its statements with `all`/`first`/`run` of `@cw/db`.
 *
 * A statement built with Kysely counts as SQL where it names a table (`selectFrom('hooks.hooks')`,
 * `innerJoin(...)`, `insertInto`, `updateTable`, `deleteFrom`). The generated table types
 * (`libs/db/src/typed/generated/`) name every table, like the migrations, and are not scanned.
 */
export type SqlOwnershipRule =
  | 'foreign-schema'
  | 'sql-outside-repository'
  | 'table-outside-context'
  | 'raw-query-in-typed-context';

export interface SourceFile {
  /** Repository-relative, with forward slashes. */
  path: string;
  text: string;
}

export interface SqlOwnershipViolation {
  path: string;
  line: number;
  rule: SqlOwnershipRule;
  detail: string;
}

export interface SchemaCatalog {
  /** Lib folder name → the Postgres schema it owns. */
  owners: Record<string, string>;
  /** Schema → its tables (and views), as the migrations create them. */
  tables: Record<string, string[]>;
}

/** Which lib owns which schema; the outbox's `platform` schema belongs to the queue lib. */
export const SCHEMA_OWNERS: Record<string, string> = {
  identity: 'identity',
  wiki: 'wiki',
  queue: 'platform',
  workflows: 'workflows',
  hooks: 'hooks',
  feedback: 'feedback',
  home: 'home',
};

/** The contexts whose repositories run every statement through the typed layer: all of them. */
export const TYPED_CONTEXTS: readonly string[] = Object.keys(SCHEMA_OWNERS);

const MIGRATIONS_DIR = 'libs/db/src/migrations';
const GENERATED_TYPES_DIR = 'libs/db/src/typed/generated';
const BUILDER_TABLE_CALLS = 'selectFrom|insertInto|updateTable|deleteFrom|mergeInto|\\w*[jJ]oin';
const RAW_QUERY_CALL = /\.query\s*(?:<[^>()]*>)?\s*\(/g;
const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;
const SQL_HOME = /\.(repository|sql)\.ts$/;

/** Blanks comments (keeping offsets and line breaks) so that prose never counts as code. */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  const blank = (chunk: string): string => chunk.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    const char = text[i];
    if (two === '//' || two === '/*') {
      const close = two === '//' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const stop = close === -1 ? text.length : two === '//' ? close : close + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (char === "'" || char === '"' || char === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== char && (char === '`' || text[j] !== '\n')) {
        j += text[j] === '\\' ? 2 : 1;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

interface TableMention {
  schema: string;
  /** `wiki.pages`, or the entity that maps a table of the schema. */
  label: string;
  index: number;
  /** True when it reads as SQL (after FROM, JOIN, INTO, UPDATE or TABLE). */
  sql: boolean;
}

function mentions(code: string, catalog: SchemaCatalog): TableMention[] {
  const schemas = [...new Set(Object.values(catalog.owners))];
  const alternatives = schemas.join('|');
  const found = new Map<number, TableMention>();
  const qualified = new RegExp(`\\b(${alternatives})\\.(\\w+)`, 'g');
  for (const match of code.matchAll(qualified)) {
    const [, schema, name] = match;
    if (catalog.tables[schema]?.includes(name)) {
      found.set(match.index, {
        schema,
        label: `${schema}.${name}`,
        index: match.index,
        sql: false,
      });
    }
  }
  const statement = new RegExp(
    `\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+(?:ONLY\\s+)?((${alternatives})\\.(\\w+))`,
    'gi',
  );
  for (const match of code.matchAll(statement)) {
    const index = match.index + match[0].length - match[1].length;
    found.set(index, { schema: match[2], label: match[1], index, sql: true });
  }
  const built = new RegExp(
    `\\b(?:${BUILDER_TABLE_CALLS})\\(\\s*['"\`]((${alternatives})\\.(\\w+))`,
    'g',
  );
  for (const match of code.matchAll(built)) {
    const index = match.index + match[0].length - match[1].length;
    found.set(index, { schema: match[2], label: match[1], index, sql: true });
  }
  const entity = new RegExp(`\\bschema:\\s*['"\`](${alternatives})['"\`]`, 'g');
  for (const match of code.matchAll(entity)) {
    found.set(match.index, {
      schema: match[1],
      label: `an entity of schema ${match[1]}`,
      index: match.index,
      sql: false,
    });
  }
  return [...found.values()].sort((a, b) => a.index - b.index);
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function ownerOfSchema(schema: string, catalog: SchemaCatalog): string {
  return Object.entries(catalog.owners).find(([, owned]) => owned === schema)?.[0] ?? schema;
}

export function scanSqlOwnership(
  files: SourceFile[],
  catalog: SchemaCatalog,
  typedContexts: readonly string[] = TYPED_CONTEXTS,
): SqlOwnershipViolation[] {
  const violations: SqlOwnershipViolation[] = [];
  for (const file of files) {
    if (file.path.startsWith(`${MIGRATIONS_DIR}/`)) continue;
    if (file.path.startsWith(`${GENERATED_TYPES_DIR}/`)) continue;
    const code = stripComments(file.text);
    const isTest = TEST_FILE.test(file.path);
    const lib = /^libs\/([^/]+)\/(src|test)\//.exec(file.path);
    const report = (mention: TableMention, rule: SqlOwnershipRule, detail: string): void => {
      violations.push({ path: file.path, line: lineOf(code, mention.index), rule, detail });
    };
    for (const mention of mentions(code, catalog)) {
      if (lib) {
        const own = catalog.owners[lib[1]];
        if (mention.schema !== own) {
          report(
            mention,
            'foreign-schema',
            `names ${mention.label}, owned by ${ownerOfSchema(mention.schema, catalog)}`,
          );
        }
        const sqlHome =
          lib[2] === 'test' ||
          isTest ||
          SQL_HOME.test(file.path) ||
          file.path.startsWith(`libs/${lib[1]}/src/testing/`);
        if (mention.sql && !sqlHome) {
          report(
            mention,
            'sql-outside-repository',
            `SQL over ${mention.label} outside a *.repository.ts or *.sql.ts file`,
          );
        }
      } else if (/^(apps|tools)\//.test(file.path) && !isTest) {
        report(mention, 'table-outside-context', `names ${mention.label}: go through its context`);
      }
    }
    if (lib && lib[2] === 'src' && !isTest && typedContexts.includes(lib[1])) {
      for (const match of code.matchAll(RAW_QUERY_CALL)) {
        violations.push({
          path: file.path,
          line: lineOf(code, match.index),
          rule: 'raw-query-in-typed-context',
          detail:
            'calls query() itself: run the statement with all/first/run of @cw/db (rawQuery or sql<Row> for hand-written SQL)',
        });
      }
    }
  }
  return violations;
}

export function formatViolation(violation: SqlOwnershipViolation): string {
  return `${violation.path}:${violation.line} [${violation.rule}] ${violation.detail}`;
}

function typescriptFiles(root: string, dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'node_modules' ? [] : typescriptFiles(root, path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The sources the check reads: every lib, app and tool. */
export function repositorySources(root: string): SourceFile[] {
  return ['apps', 'libs', 'tools']
    .flatMap((dir) => typescriptFiles(root, dir))
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** Every table the migrations create, by schema. */
export function catalogFromMigrations(root: string, owners = SCHEMA_OWNERS): SchemaCatalog {
  const tables: Record<string, string[]> = {};
  for (const path of typescriptFiles(root, MIGRATIONS_DIR)) {
    const text = readFileSync(join(root, path), 'utf8');
    const created =
      /CREATE\s+(?:TABLE|(?:MATERIALIZED\s+)?VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)\.(\w+)/gi;
    for (const [, schema, table] of text.matchAll(created)) {
      (tables[schema] ??= []).push(table);
    }
  }
  return { owners, tables };
}

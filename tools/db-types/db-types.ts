import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { SCHEMA_OWNERS } from '../checks/sql-ownership';

/** Where the generated table types live, relative to the repository root. */
export const GENERATED_DIR = 'libs/db/src/typed/generated';

/** Every context's schema, in a stable order. */
export const CONTEXT_SCHEMAS = [...new Set(Object.values(SCHEMA_OWNERS))].sort();

interface ColumnRow {
  schema: string;
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
  generated: boolean;
}

interface CheckRow {
  schema: string;
  table: string;
  column: string;
  definition: string;
}

/** PostgreSQL type (as `format_type` names it) → the TypeScript type pg reads it as. */
const SCALARS: Record<string, string> = {
  uuid: 'string',
  text: 'string',
  'character varying': 'string',
  citext: 'string',
  tsvector: 'string',
  inet: 'string',
  numeric: 'string',
  bigint: 'Int8',
  integer: 'number',
  smallint: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  bytea: 'Buffer',
  jsonb: 'Json',
  json: 'Json',
  'timestamp with time zone': 'Timestamp',
  'timestamp without time zone': 'Timestamp',
  date: 'Timestamp',
};

const COLUMNS = `
  SELECT n.nspname AS schema, c.relname AS table, a.attname AS column,
         format_type(a.atttypid, NULL) AS type, a.attnotnull AS not_null,
         (a.atthasdef OR a.attidentity <> '') AND a.attgenerated = '' AS has_default,
         a.attgenerated <> '' AS generated
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm') AND NOT c.relispartition
     AND a.attnum > 0 AND NOT a.attisdropped
   ORDER BY n.nspname, c.relname, a.attnum`;

/** Checks on one column: those of the form `column IN (...)` give it a union of literals. */
const CHECKS = `
  SELECT n.nspname AS schema, c.relname AS table, a.attname AS column,
         pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.conkey[1]
   WHERE n.nspname = ANY($1) AND k.contype = 'c' AND cardinality(k.conkey) = 1
   ORDER BY k.conname`;

const pascal = (name: string): string =>
  name.replace(/(^|_)([a-z0-9])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());

/** `CHECK ((kind = ANY (ARRAY['a'::text, 'b'::text])))` or `CHECK ((kind = 'a'::text))`. */
export function literalsOfCheck(column: string, definition: string): string[] | null {
  const name = `(?:${column}|"${column}")`;
  const list = new RegExp(`^CHECK \\(\\(${name} = ANY \\(ARRAY\\[(.+)\\]\\)\\)\\)$`).exec(
    definition,
  );
  const one = new RegExp(`^CHECK \\(\\(${name} = ('(?:[^']|'')*'::text)\\)\\)$`).exec(definition);
  const body = list?.[1] ?? one?.[1];
  if (!body) return null;
  const literals = [...body.matchAll(/'((?:[^']|'')*)'::(?:text|character varying)/g)].map(
    (match) => match[1].replace(/''/g, "'"),
  );
  return literals.length > 0 ? literals : null;
}

function scalarType(pgType: string, where: string): string {
  const array = pgType.endsWith('[]');
  const scalar = SCALARS[array ? pgType.slice(0, -2) : pgType];
  if (!scalar) {
    throw new Error(
      `${where}: no TypeScript type for PostgreSQL type ${pgType} (add it to SCALARS)`,
    );
  }
  if (array && ['Timestamp', 'Json', 'Int8'].includes(scalar)) {
    throw new Error(`${where}: no TypeScript type for PostgreSQL type ${pgType}`);
  }
  return array ? `${scalar}[]` : scalar;
}

/** The source of one schema's table types, before formatting. */
function schemaSource(schema: string, columns: ColumnRow[], checks: CheckRow[]): string {
  const tables = [...new Set(columns.map((column) => column.table))];
  const literals = new Map<string, string[]>();
  for (const check of checks) {
    const found = literalsOfCheck(check.column, check.definition);
    if (!found) continue;
    const key = `${check.table}.${check.column}`;
    const earlier = literals.get(key);
    literals.set(key, earlier ? earlier.filter((each) => found.includes(each)) : found);
  }
  const blocks: string[] = [];
  const usedTypes = new Set<string>();
  for (const table of tables) {
    const name = `${pascal(schema)}${pascal(table)}`;
    const consts: string[] = [];
    const fields = columns
      .filter((column) => column.table === table)
      .map((column) => {
        const where = `${schema}.${table}.${column.column}`;
        const values = literals.get(`${table}.${column.column}`);
        let type: string;
        if (values && column.type === 'text') {
          const constName = `${schema}_${table}_${column.column}`.toUpperCase();
          consts.push(
            `/** The values \`${where}\` may hold (its check). */\n` +
              `export const ${constName} = [${values.map((value) => `'${value.replace(/'/g, "\\'")}'`).join(', ')}] as const;`,
          );
          type = `(typeof ${constName})[number]`;
        } else {
          type = scalarType(column.type, where);
        }
        for (const helper of ['Timestamp', 'Int8', 'Json']) {
          if (type.startsWith(helper)) usedTypes.add(helper);
        }
        if (!column.not_null) type = `${type} | null`;
        if (column.generated) {
          usedTypes.add('GeneratedAlways');
          type = `GeneratedAlways<${type}>`;
        } else if (column.has_default) {
          usedTypes.add('Generated');
          type = `Generated<${type}>`;
        }
        return `  ${column.column}: ${type};`;
      });
    blocks.push(
      ...consts,
      `/** \`${schema}.${table}\` */\nexport interface ${name} {\n${fields.join('\n')}\n}`,
    );
  }
  const tableMap = tables
    .map((table) => `  '${schema}.${table}': ${pascal(schema)}${pascal(table)};`)
    .join('\n');
  const own = ['Generated', 'GeneratedAlways', 'Int8', 'Json', 'Timestamp'].filter((each) =>
    usedTypes.has(each),
  );
  return [
    `// Generated by \`npm run db:types\` from the schema the migrations build: do not edit.\n` +
      `// tools/db-types/db-types.int-spec.ts fails when this file differs from the migrated schema.`,
    own.length > 0 ? `import type { ${own.join(', ')} } from '../column-types';` : '',
    ...blocks,
    `/** The tables of schema \`${schema}\`, as Kysely's \`DB\` type. */\n` +
      `export interface ${pascal(schema)}Tables {\n${tableMap}\n}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The generated files (path relative to the repository root → text) for the database `client`
 * is connected to, which must be migrated to head: one file per context schema and an index.
 */
export async function generateDbTypes(
  client: Client,
  repoRoot: string,
): Promise<Map<string, string>> {
  const columns = (await client.query<ColumnRow>(COLUMNS, [CONTEXT_SCHEMAS])).rows;
  const checks = (await client.query<CheckRow>(CHECKS, [CONTEXT_SCHEMAS])).rows;
  const files = new Map<string, string>();
  const formatted = (path: string, text: string) => prettierFormat(repoRoot, path, text);
  for (const schema of CONTEXT_SCHEMAS) {
    const source = schemaSource(
      schema,
      columns.filter((column) => column.schema === schema),
      checks.filter((check) => check.schema === schema),
    );
    const path = `${GENERATED_DIR}/${schema}.ts`;
    files.set(path, formatted(path, source));
  }
  const index = [
    '// Generated by `npm run db:types`: do not edit.',
    ...CONTEXT_SCHEMAS.map((schema) => `export * from './${schema}';`),
  ].join('\n');
  files.set(`${GENERATED_DIR}/index.ts`, formatted(`${GENERATED_DIR}/index.ts`, index));
  return files;
}

/**
 * The text as the repository's Prettier writes it (in a process of its own: Prettier loads its
 * parsers with dynamic imports, which jest's module runtime refuses).
 */
function prettierFormat(repoRoot: string, path: string, text: string): string {
  const bin = join(repoRoot, 'node_modules/prettier/bin/prettier.cjs');
  return execFileSync(process.execPath, [bin, '--stdin-filepath', join(repoRoot, path)], {
    input: text,
    encoding: 'utf8',
  });
}

/** The committed text of a generated file, or null when there is none. */
export function committedText(repoRoot: string, path: string): string | null {
  try {
    return readFileSync(join(repoRoot, path), 'utf8');
  } catch {
    return null;
  }
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';

/** What a compiled entry point loads: its own files and the packages it names. */
export interface ModuleGraph {
  /** Absolute paths of the compiled files reached, sorted. */
  files: string[];
  /** npm package names reached (`@scope/name`, `name`), sorted. */
  packages: string[];
}

// SWC's CommonJS output loads everything through `require("…")`, also for a dynamic `import()`;
// `require.resolve("…")` names a package handed to a worker thread.
const REQUIRE = /\brequire(?:\.resolve)?\(\s*(["'])([^"'\n]+)\1\s*\)/g;
const BUILTIN = new Set(builtinModules);

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || BUILTIN.has(specifier.split('/')[0] ?? specifier);
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/** Node's resolution of a relative `require` to a file: as named, `.js`, `.json`, `index.js`. */
function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  const found = [base, `${base}.js`, `${base}.json`, join(base, 'index.js')].find(isFile);
  if (!found) throw new Error(`${from} requires "${specifier}", which is not there`);
  return found;
}

/**
 * Follows every `require` with a literal argument from the entry points through the compiled
 * files, as Node would load them. A relative `require` that resolves to nothing fails: the file
 * list would miss it. A `require` of a computed name is invisible here (the code has one, of a
 * path `require.resolve` found, which this counts as its package).
 */
export function moduleGraph(entries: string[]): ModuleGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = entries.map((entry) => {
    if (!isFile(entry)) throw new Error(`no entry point ${entry}`);
    return entry;
  });
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    for (const [, , specifier = ''] of readFileSync(file, 'utf8').matchAll(REQUIRE)) {
      if (specifier.startsWith('.')) pending.push(resolveRelative(file, specifier));
      else if (!isBuiltin(specifier)) packages.add(packageName(specifier));
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

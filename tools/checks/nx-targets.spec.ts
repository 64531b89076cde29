import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../..');
const NX_TIMEOUT_MS = 120_000;
const TARGETS = ['build', 'typecheck', 'lint', 'test'];
const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;

interface ProjectNode {
  name: string;
  data: { root: string; targets: Record<string, { options?: { command?: string } }> };
}
interface GraphFile {
  graph: {
    nodes: Record<string, ProjectNode>;
    dependencies: Record<string, { target: string }[]>;
  };
  tasks?: { tasks: Record<string, { target: { project: string; target: string } }> };
}

function run(command: string, args: string[]): string {
  return execFileSync(join(REPO_ROOT, 'node_modules/.bin', command), args, {
    cwd: REPO_ROOT,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `nx affected -t …` with `--graph=<file>`: the project and task graphs, written, not served. */
function graphOf(args: string[]): GraphFile {
  const dir = mkdtempSync(join(tmpdir(), 'nx-graph-'));
  const file = join(dir, 'graph.json');
  try {
    run('nx', [...args, `--graph=${file}`]);
    return JSON.parse(readFileSync(file, 'utf8')) as GraphFile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function affectedBy(file: string): string[] {
  const names = run('nx', ['show', 'projects', '--affected', `--files=${file}`, '--json']);
  return (JSON.parse(names) as string[]).sort();
}

/** The project and every project that depends on it, directly or through others. */
function withDependents(graph: GraphFile['graph'], project: string): string[] {
  const found = new Set([project]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, deps] of Object.entries(graph.dependencies)) {
      if (!found.has(name) && deps.some((dep) => found.has(dep.target))) {
        found.add(name);
        grew = true;
      }
    }
  }
  return [...found].sort();
}

/** The spec files `node tools/build/project-test.mjs <root>` hands to jest, repository-relative. */
function projectTests(root: string): string[] {
  return execFileSync(process.execPath, ['tools/build/project-test.mjs', root, '--listTests'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((line) => line.startsWith(`${REPO_ROOT}/`))
    .map((line) => line.slice(REPO_ROOT.length + 1))
    .sort();
}

describe('Nx workspace: targets and affected tests', () => {
  const CHANGED = 'libs/wiki/src/index.ts';
  let graph: GraphFile['graph'];
  let projects: ProjectNode[];
  let affectedTestTasks: string[];

  beforeAll(() => {
    const affected = graphOf(['affected', '-t', 'test', `--files=${CHANGED}`]);
    graph = affected.graph;
    projects = Object.values(graph.nodes);
    affectedTestTasks = Object.values(affected.tasks?.tasks ?? {})
      .filter(({ target }) => target.target === 'test')
      .map(({ target }) => target.project)
      .sort();
  }, NX_TIMEOUT_MS);

  it('gives every project build, typecheck, lint and test targets over its own root', () => {
    expect(projects.length).toBeGreaterThan(10);
    for (const { name, data } of projects) {
      expect({ name, targets: TARGETS.filter((target) => target in data.targets) }).toEqual({
        name,
        targets: TARGETS,
      });
      for (const target of TARGETS) {
        expect(data.targets[target]?.options?.command).toContain(` ${data.root}`);
      }
    }
  });

  it(
    "runs every spec file jest knows in exactly one project's test target",
    () => {
      const all = run('jest', ['--listTests'])
        .split('\n')
        .filter((line) => line.startsWith(`${REPO_ROOT}/`))
        .map((line) => line.slice(REPO_ROOT.length + 1));
      expect(all.length).toBeGreaterThan(50);
      const owners = (file: string): string[] =>
        projects.filter(({ data }) => file.startsWith(`${data.root}/`)).map(({ name }) => name);
      expect(all.filter((file) => owners(file).length !== 1)).toEqual([]);
    },
    NX_TIMEOUT_MS,
  );

  it(
    'hands jest exactly the spec files under the project root, of all three tiers',
    () => {
      const listed = execFileSync(
        'git',
        ['ls-files', '--cached', '--others', '--exclude-standard', 'tools'],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      )
        .split('\n')
        .filter((file) => TEST_FILE.test(file))
        .sort();
      expect(listed.some((file) => file.endsWith('.e2e-spec.ts'))).toBe(true);
      expect(listed.some((file) => file.endsWith('.int-spec.ts'))).toBe(true);
      expect(projectTests('tools')).toEqual(listed);
    },
    NX_TIMEOUT_MS,
  );

  it('`nx affected -t test` runs the tests of a changed lib and its dependents, nothing else', () => {
    expect(affectedTestTasks).toEqual(withDependents(graph, 'wiki'));
    expect(affectedTestTasks).toEqual(
      expect.arrayContaining(['wiki', 'wiki-service', 'api-gateway', 'tools']),
    );
    for (const unaffected of ['identity', 'platform', 'feedback-intake', 'mcp-server']) {
      expect(affectedTestTasks).not.toContain(unaffected);
    }
  });

  it(
    'counts every project as affected when the shared jest settings change',
    () => {
      expect(affectedBy('jest.config.js')).toEqual(projects.map(({ name }) => name).sort());
    },
    NX_TIMEOUT_MS,
  );
});

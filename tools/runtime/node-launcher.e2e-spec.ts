import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { isExecutable } from '../local-stack/processes';
import { currentNodeFits, readPin } from './project-node';

const REPO_ROOT = resolve(__dirname, '../..');
const LAUNCHER = join(REPO_ROOT, 'tools/runtime/node.mjs');
const PIN = readPin(REPO_ROOT);
const FETCH_TIMEOUT_MS = 300_000;

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface Launched {
  ended: Promise<Ended>;
  /** Resolves once the child has written `text` on stdout. */
  printed(text: string): Promise<void>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * `<node> tools/runtime/node.mjs <args>` with its output captured. `detached`: in a process group
 * of its own, so that a signal the test sends reaches the launcher alone, never the terminal's
 * foreground group the launcher would rightly leave alone (when jest runs on a terminal).
 */
function launch(
  node: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  detached = false,
): Launched {
  const child = spawn(node, [LAUNCHER, ...args], { cwd: REPO_ROOT, env, detached });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    ended: new Promise((done) =>
      child.once('close', (code, signal) => done({ code, signal, stdout, stderr })),
    ),
    printed: (text) =>
      new Promise((done) => {
        const check = (): void => {
          if (!stdout.includes(text)) return;
          child.stdout.off('data', check);
          done();
        };
        child.stdout.on('data', check);
        check();
      }),
    kill: (signal) => child.kill(signal),
  };
}

/** The Node running jest and every other `node` on the PATH, one per binary, with its version. */
function machineNodes(): { path: string; version: string }[] {
  const candidates = [
    process.execPath,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
  ];
  const found = new Map<string, { path: string; version: string }>();
  for (const path of candidates) {
    if (!isExecutable(path) || found.has(realpathSync(path))) continue;
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
    found.set(realpathSync(path), { path, version });
  }
  return [...found.values()];
}

const NODES = machineNodes();
/** A Node that is not the project's, when this machine has one: the launcher must fetch for it. */
const OTHER_NODE = NODES.find(({ version }) => !currentNodeFits(version, PIN));
const withOtherNode = OTHER_NODE ? it : it.skip;

describe(`tools/runtime/node.mjs: every npm script on Node ${PIN}`, () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each(NODES.map(({ path, version }) => [version, path]))(
    `runs a script on Node ${PIN} when started by Node %s (%s)`,
    async (_version, node) => {
      const ended = await launch(node, ['-e', 'process.stdout.write(process.version)']).ended;
      expect({ code: ended.code, stdout: ended.stdout }).toEqual({ code: 0, stdout: `v${PIN}` });
    },
    FETCH_TIMEOUT_MS,
  );

  it(`gives the script's own children Node ${PIN}: \`node\` on the PATH and process.execPath`, async () => {
    const node = OTHER_NODE?.path ?? process.execPath;
    // The machine's Node first on the PATH, as on a machine where the launcher fetched Node.
    const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` };
    const script = [
      "const { execFileSync } = require('node:child_process');",
      "const viaPath = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim();",
      "const viaExecPath = execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim();",
      'process.stdout.write(JSON.stringify({ viaPath, viaExecPath }));',
    ].join('\n');
    const ended = await launch(node, ['-e', script], env).ended;
    expect(JSON.parse(ended.stdout)).toEqual({ viaPath: `v${PIN}`, viaExecPath: `v${PIN}` });
  });

  it('ends as the script ended: its exit code, or the signal that stopped it', async () => {
    const exited = await launch(process.execPath, ['-e', 'process.exit(7)']).ended;
    expect({ code: exited.code, signal: exited.signal }).toEqual({ code: 7, signal: null });
    const killed = await launch(process.execPath, [
      '-e',
      "process.kill(process.pid, 'SIGTERM'); setTimeout(() => {}, 5000)",
    ]).ended;
    expect({ code: killed.code, signal: killed.signal }).toEqual({ code: null, signal: 'SIGTERM' });
  });

  /** A script that reports each signal it receives and exits 300 ms after the first. */
  const signalCounter = (signal: NodeJS.Signals): string =>
    [
      'let received = 0;',
      `process.on('${signal}', () => {`,
      '  received += 1;',
      '  if (received === 1) setTimeout(() => { process.stdout.write(` received ${received}`); process.exit(0); }, 300);',
      '});',
      "process.stdout.write('ready');",
      'setInterval(() => {}, 1000);',
    ].join('\n');

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    'passes %s sent to it on to the script, once, and stays until the script has finished',
    async (signal) => {
      const launched = launch(process.execPath, ['-e', signalCounter(signal)], process.env, true);
      await launched.printed('ready');
      launched.kill(signal);
      const ended = await launched.ended;
      expect(ended).toMatchObject({ code: 0, signal: null, stdout: 'ready received 1' });
    },
  );

  describe("a terminal's Ctrl-C, which reaches the launcher and the script at once", () => {
    const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;
    /**
     * `node <args>` on a PTY of its own (util-linux `script`), typing Ctrl-C at `ready`. `exec`,
     * because `script` runs the command with $SHELL or sh: dash stays as the parent, and is in the
     * foreground group too, so its death by SIGINT would be the exit status `script` reports.
     */
    const onTerminal = async (args: string[]): Promise<{ code: unknown; screen: string }> => {
      const command = ['exec', ...[process.execPath, ...args].map(quote)].join(' ');
      const terminal = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
        cwd: REPO_ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let screen = '';
      terminal.stdout.on('data', (chunk: Buffer) => {
        screen += chunk.toString();
        if (screen.endsWith('ready')) terminal.stdin.write('\x03');
      });
      const code = await new Promise((done) => terminal.once('close', done));
      terminal.stdin.end();
      return { code, screen: screen.replace('^C', '') };
    };

    it('is not passed on again: the launcher sees it is in the foreground group of a terminal', async () => {
      const asks = `process.stdout.write(String(require(${JSON.stringify(join(__dirname, 'project-node.js'))}).inTerminalForeground()))`;
      expect(await onTerminal(['-e', asks])).toEqual({ code: 0, screen: 'true' });
      const detached = await launch(process.execPath, ['-e', asks], process.env, true).ended;
      expect(detached.stdout).toBe('false');
    });

    it('stops the script as it chooses, and the launcher waits for it', async () => {
      expect(await onTerminal([LAUNCHER, '-e', signalCounter('SIGINT')])).toEqual({
        code: 0,
        screen: 'ready received 1',
      });
    });
  });

  withOtherNode(
    `fetches Node ${PIN} once into <LOCAL_STACK_DATA_DIR>/runtime, whole even when two first runs race`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cw-runtime-'));
      dataDirs.push(dataDir);
      const env = { ...process.env, LOCAL_STACK_DATA_DIR: dataDir };
      const args = ['-e', 'process.stdout.write(process.version)'];
      const both = await Promise.all([1, 2].map(() => launch(OTHER_NODE!.path, args, env).ended));
      const fetching =
        `Node ${OTHER_NODE!.version} is not the project's Node ${PIN} (.node-version): fetching ` +
        `node-${process.platform}-${process.arch}@${PIN} from the npm registry into ` +
        `${dataDir}/runtime/node-${PIN}/, once\n`;
      for (const ended of both) {
        expect({ code: ended.code, stdout: ended.stdout }).toEqual({ code: 0, stdout: `v${PIN}` });
        expect(['', fetching]).toContain(ended.stderr);
      }
      expect(both.map(({ stderr }) => stderr)).toContain(fetching);
      expect(readdirSync(join(dataDir, 'runtime'))).toEqual([`node-${PIN}`]);
      const again = await launch(OTHER_NODE!.path, args, env).ended;
      expect(again).toMatchObject({ code: 0, stdout: `v${PIN}`, stderr: '' });
    },
    FETCH_TIMEOUT_MS,
  );

  withOtherNode('says in one line what to do when the registry cannot be reached', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cw-runtime-'));
    dataDirs.push(dataDir);
    const ended = await launch(OTHER_NODE!.path, ['-e', 'process.exit(0)'], {
      ...process.env,
      LOCAL_STACK_DATA_DIR: dataDir,
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_fetch_retries: '0',
    }).ended;
    expect(ended.code).toBe(1);
    expect(ended.stderr.split('\n')[1]).toMatch(
      new RegExp(
        `^Could not fetch Node ${PIN} \\(.+\\): install Node ${PIN} or a later ${PIN.split('.')[0]}\\.x, or allow access to the npm registry$`,
      ),
    );
    expect(ended.stderr.split('\n')).toHaveLength(3);
    expect(existsSync(join(dataDir, 'runtime', `node-${PIN}`))).toBe(false);
    expect(readdirSync(join(dataDir, 'runtime'))).toEqual([]);
  });
});

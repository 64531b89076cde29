// The registry this project installs from serves only the Linux builds of packages that ship
// per-platform binaries, so `npm install` writes a lock without the other platforms' optional
// entries and `npm ci` then refuses the lock as out of sync. This adds those entries back as
// optional, platform-restricted records (never installed on a non-matching machine).
// Run it after any `npm install` that changes the lock: `node tools/build/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OSES = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'android',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
];
const CPUS = [
  ['arm64', 'arm64'],
  ['aarch64', 'arm64'],
  ['x64', 'x64'],
  ['ia32', 'ia32'],
  ['arm', 'arm'],
  ['ppc64', 'ppc64'],
  ['s390x', 's390x'],
  ['riscv64', 'riscv64'],
  ['loong64', 'loong64'],
  ['wasm32', 'wasm32'],
];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = OSES.find((candidate) => tokens.includes(candidate));
  const cpu = CPUS.find(([token]) => tokens.includes(token))?.[1];
  return { os, cpu };
}

const lockPath = join(process.cwd(), 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const { os, cpu } = platformOf(name);
    if (!os && !cpu)
      throw new Error(`cannot tell the platform of optional ${name}; add it by hand`);
    lock.packages[`node_modules/${name}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries added`);

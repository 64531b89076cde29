import { lchownSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findOnPath, run, runOrThrow } from './processes';

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

async function lookup(name: string): Promise<SystemUser | undefined> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  if (uid.code !== 0 || gid.code !== 0) return undefined;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Finds the system user, creating it (with its own group) when absent. Needs root. */
export async function ensureSystemUser(name: string, home: string): Promise<SystemUser> {
  const existing = await lookup(name);
  if (existing) return existing;
  const groupExists = (await run('getent', ['group', name])).code === 0;
  const shell =
    ['/usr/sbin/nologin', '/sbin/nologin'].find((path) => statIsFile(path)) ?? '/bin/false';
  await runOrThrow('useradd', [
    '--system',
    ...(groupExists ? ['--gid', name] : ['--user-group']),
    '--no-create-home',
    '--home-dir',
    home,
    '--shell',
    shell,
    name,
  ]);
  const created = await lookup(name);
  if (!created) throw new Error(`Created the system user "${name}" but cannot look it up.`);
  return created;
}

function statIsFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Wraps a command so that it runs as `user` (used when we are root). */
export function asUser(user: string, command: string, args: string[]): [string, string[]] {
  if (findOnPath('runuser')) return ['runuser', ['-u', user, '--', command, ...args]];
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  return ['su', [user, '-s', '/bin/sh', '-c', [command, ...args].map(quote).join(' ')]];
}

/** chown -R, skipping the walk when the top already belongs to the user. */
export function chownTree(path: string, user: SystemUser): void {
  const stats = lstatSync(path);
  if (stats.uid === user.uid && stats.gid === user.gid) return;
  lchownSync(path, user.uid, user.gid);
  if (!stats.isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), user);
}

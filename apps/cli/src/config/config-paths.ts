import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CONFIG_HOME/cw`, else `~/.config/cw` (XDG Base Directory; a relative value is ignored). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && xdg.startsWith('/') ? xdg : join(homedir(), '.config');
  return join(base, 'cw');
}

export const credentialsFile = (env?: NodeJS.ProcessEnv): string =>
  join(configDir(env), 'credentials.json');

/** Drafts of `cw wiki edit` live here until the server has them. */
export const draftsDir = (env?: NodeJS.ProcessEnv): string => join(configDir(env), 'drafts');

import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, ExitCode } from '../exit-codes';

/** What `cw login` keeps for one profile. Tokens never leave this file except as requests. */
export interface StoredCredential {
  url: string;
  kind: 'api_key' | 'oauth';
  token: string;
  /** The OAuth client the token was issued to (revocation names it). */
  client_id?: string;
  /** OAuth: the `cwr_` token that gets a new access token, and when the access token expires. */
  refresh_token?: string;
  expires_at?: string;
  saved_at: string;
}

/** The public OAuth client `cw login` registered for a profile (kept across logouts). */
export interface RegisteredClient {
  url: string;
  client_id: string;
  redirect_uri: string;
  registered_at: string;
  /** Once a sign-in went through, the server never deletes the client as unused. */
  signed_in: boolean;
}

interface CredentialsFile {
  version: 1;
  profiles: Record<string, StoredCredential>;
  oauth_clients: Record<string, RegisteredClient>;
}

const PROFILE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
// Long enough for another cw's token refresh (10 s at most) to finish under the lock.
const LOCK_WAIT_MS = 15_000;
/** A lock older than this was left by a process that died: taken over. */
const STALE_LOCK_MS = 30_000;

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name))
    throw new CliError(
      `profile "${name}" is not a valid name: 1 to 64 of A-Z a-z 0-9 . _ -`,
      ExitCode.usage,
      'USAGE',
    );
  return name;
}

/** Credentials of every profile in one JSON file, mode 0600, in a folder of mode 0700. */
export class CredentialsStore {
  constructor(private readonly file: string) {}

  async get(profile: string): Promise<StoredCredential | undefined> {
    return (await this.read()).profiles[profile];
  }

  async save(profile: string, credential: StoredCredential): Promise<void> {
    await this.update(({ profiles }) => {
      profiles[profile] = credential;
    });
  }

  /** True when there was something to remove. */
  async remove(profile: string): Promise<boolean> {
    let removed = false;
    await this.update(({ profiles }) => {
      removed = profile in profiles;
      delete profiles[profile];
    });
    return removed;
  }

  async getClient(profile: string): Promise<RegisteredClient | undefined> {
    return (await this.read()).oauth_clients[profile];
  }

  async saveClient(profile: string, client: RegisteredClient): Promise<void> {
    await this.update(({ oauth_clients }) => {
      oauth_clients[profile] = client;
    });
  }

  /**
   * Replaces the profile's credential with what `produce` makes of it, under the lock, unless
   * another cw already replaced the one this process holds (its refresh token differs): then
   * that newer credential is the answer. Spending a refresh token twice would end the sign-in.
   */
  async replaceUnlessChanged(
    profile: string,
    held: StoredCredential,
    produce: (current: StoredCredential) => Promise<StoredCredential>,
  ): Promise<StoredCredential | undefined> {
    let answer: StoredCredential | undefined;
    await this.update(async ({ profiles }) => {
      const current = profiles[profile];
      if (!current || current.refresh_token !== held.refresh_token) {
        answer = current;
        return;
      }
      answer = await produce(current);
      profiles[profile] = answer;
    });
    return answer;
  }

  private async read(): Promise<CredentialsFile> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { version: 1, profiles: {}, oauth_clients: {} };
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<CredentialsFile>;
      if (typeof parsed.profiles !== 'object' || parsed.profiles === null) throw new Error();
      return { version: 1, profiles: parsed.profiles, oauth_clients: parsed.oauth_clients ?? {} };
    } catch {
      throw new CliError(
        `${this.file} is not a credentials file cw can read; move it away and sign in again`,
        ExitCode.failed,
      );
    }
  }

  /** Read, change, write under a lock file, so two `cw login` at once both land. */
  private async update(change: (file: CredentialsFile) => void | Promise<void>): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    const release = await this.lock();
    try {
      const current = await this.read();
      await change(current);
      const partial = `${this.file}.${randomBytes(6).toString('hex')}.partial`;
      const handle = await open(partial, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(current, null, 2)}\n`);
      } finally {
        await handle.close();
      }
      await rename(partial, this.file);
    } finally {
      await release();
    }
  }

  private async lock(): Promise<() => Promise<void>> {
    const lockFile = `${this.file}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const handle = await open(lockFile, 'wx', 0o600);
        await handle.close();
        return () => rm(lockFile, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const age = await stat(lockFile).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lockFile, { force: true });
      else if (Date.now() > deadline)
        throw new CliError(`${lockFile} is held by another cw; try again`, ExitCode.failed);
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

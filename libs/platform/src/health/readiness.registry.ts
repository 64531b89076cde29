import { Injectable } from '@nestjs/common';

const CHECK_TIMEOUT_MS = 2000;

function withinDeadline(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.catch(() => false), deadline]).finally(() => clearTimeout(timer));
}

export interface ReadinessCheck {
  /** Shown in the /ready body so an operator sees what is still pending. */
  readonly name: string;
  isReady(): Promise<boolean>;
}

export interface LivenessDependency {
  readonly name: string;
  /** Resolves when the dependency answers; rejects otherwise. */
  ping(): Promise<void>;
}

/** Modules register what readiness and serving health depend on; the health routes ask them. */
@Injectable()
export class ReadinessRegistry {
  private readonly checks: ReadinessCheck[] = [];
  private database?: LivenessDependency;

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  registerDatabase(dependency: LivenessDependency): void {
    this.database = dependency;
  }

  async pending(): Promise<string[]> {
    const results = await Promise.all(
      this.checks.map(async (check) => ({
        name: check.name,
        ready: await withinDeadline(check.isReady()),
      })),
    );
    return results.filter((result) => !result.ready).map((result) => result.name);
  }

  async pingDatabase(): Promise<void> {
    if (!this.database) throw new Error('no database registered');
    await this.database.ping();
  }
}

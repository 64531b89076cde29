import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type ConfigClass<T> = new () => T;

/**
 * Reads a validated settings object from the environment. Unknown variables are ignored;
 * declared ones are converted to their property types; the first problem is one clear line.
 */
export function loadConfig<T extends object>(
  configClass: ConfigClass<T>,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const config = plainToInstance(configClass, present, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const [problem] = validateSync(config, { skipMissingProperties: false });
  if (problem) {
    // Constraints arrive bottom decorator first: the top one (the type) says what is wrong
    // before the ranges do, and once it fails the others only repeat it.
    const [reason] = Object.values(problem.constraints ?? {}).reverse();
    throw new ConfigError(
      `Invalid setting ${problem.property}: ${reason ?? `${problem.property} is invalid`}.`,
    );
  }
  return config;
}

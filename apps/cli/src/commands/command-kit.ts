import type { Command } from 'commander';
import { CliContext, type GlobalOptions } from '../context';
import { usageError } from '../exit-codes';

/** Runs a command's action with the context its global options describe. */
export function action<Args extends unknown[]>(
  run: (context: CliContext, ...args: Args) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const context = new CliContext(command.optsWithGlobals<GlobalOptions>(), process.env);
    await run(context, ...(args.slice(0, -1) as Args));
  };
}

/** commander's argParser for a whole number within bounds. */
export const integerIn =
  (min: number, max: number) =>
  (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max)
      throw usageError(`"${value}" is not a whole number from ${min} to ${max}`);
    return parsed;
  };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkUuid(value: string, what: string): string {
  if (!UUID.test(value)) throw usageError(`${what} "${value}" is not a UUID`);
  return value;
}

/**
 * A literal list of every member of the union `T`, checked by the compiler both ways: a value
 * the description does not have, or one of its values missing from the list, fails the build.
 * The generated client types hold unions only, and commander needs the values at run time.
 */
export const everyOf =
  <T extends string>() =>
  <const List extends readonly T[]>(
    list: List &
      ([Exclude<T, List[number]>] extends [never]
        ? unknown
        : { missing: Exclude<T, List[number]> }),
  ): List =>
    list;

import type { INestApplicationContext } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DeadlineExceeded, withinDeadline } from '@cw/platform';

const LIFECYCLE_HOOKS = [
  'onModuleDestroy',
  'beforeApplicationShutdown',
  'onApplicationShutdown',
] as const;

type Hook = (...args: unknown[]) => unknown;

/**
 * Wraps every shutdown hook of the app's modules, providers and controllers so that the hooks
 * still running can be named: a close that hangs says where, instead of a bare hook timeout.
 */
function watchShutdownHooks(app: INestApplicationContext): Set<string> {
  const running = new Set<string>();
  for (const moduleRef of app.get(ModulesContainer).values()) {
    const instances = [
      moduleRef.instance,
      ...[...moduleRef.providers.values(), ...moduleRef.controllers.values()].map(
        (wrapper) => wrapper.instance,
      ),
    ];
    for (const instance of instances) {
      if (!instance || typeof instance !== 'object') continue;
      const target = instance as Record<string, unknown>;
      for (const name of LIFECYCLE_HOOKS) {
        const hook = target[name];
        if (typeof hook !== 'function') continue;
        const label = `${instance.constructor.name}.${name}`;
        target[name] = async (...args: unknown[]): Promise<unknown> => {
          running.add(label);
          try {
            return await (hook as Hook).apply(instance, args);
          } finally {
            running.delete(label);
          }
        };
      }
    }
  }
  return running;
}

/**
 * Closes the app, or fails after `limitMs` naming the shutdown hooks that had not returned
 * (the app is then left as it is: the test file fails, and the run goes on).
 */
export async function closeWithinLimit(
  close: () => Promise<void>,
  app: INestApplicationContext,
  limitMs: number,
): Promise<void> {
  const running = watchShutdownHooks(app);
  try {
    await withinDeadline(close(), limitMs);
  } catch (error) {
    if (!(error instanceof DeadlineExceeded)) throw error;
    const names = [...running].join(', ') || 'no module hook (the HTTP server had not closed)';
    throw new Error(`the app had not closed after ${limitMs} ms; still running: ${names}`);
  }
}

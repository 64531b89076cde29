import type { Type } from '@nestjs/common';
import { ConfigError } from '../config/load-config';
import { PlatformConfig } from '../config/platform.config';
import { createHttpApp, type HttpAppOptions } from './create-http-app';
import { closeOnSignals } from './shutdown';

export interface RunServiceOptions extends HttpAppOptions {
  /** Listen port when PORT is unset. */
  defaultPort: number;
}

/**
 * A parent that launched this process with an IPC channel (`npm start`, the test systems) learns
 * that the port it gave is this process's, not another's that holds it. The channel must not
 * keep the process alive.
 */
function tellParentListening(port: number): void {
  if (!process.send) return;
  process.send({ type: 'listening', port });
  process.channel?.unref();
}

/** Entry point of a deployable service: one clear line and exit 1 on bad settings. */
export async function runService(
  rootModule: Type<unknown>,
  options: RunServiceOptions,
): Promise<void> {
  try {
    const app = await createHttpApp(rootModule, options);
    const { PORT, HOST: host } = app.get(PlatformConfig);
    const port = PORT ?? options.defaultPort;
    await app.listen(port, host);
    closeOnSignals(app);
    app.getHttpAdapter().getInstance().log.info({ port, host }, `${options.service} listening`);
    tellParentListening(port);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${options.service}: ${error.message}\n`);
    } else {
      process.stderr.write(
        `${options.service}: failed to start: ${(error as Error).stack ?? String(error)}\n`,
      );
    }
    process.exit(1);
  }
}

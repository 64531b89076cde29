import { ConsoleLogger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError } from '@cw/platform';
import { AdminModule } from './admin.module';

/**
 * Nest logs an error thrown while modules load (with its stack) before handing it back; a bad
 * setting is the caller's to report, as one line, so it is not logged here as well.
 */
class ConsoleLoggerSkippingConfigErrors extends ConsoleLogger {
  override error(message: unknown, ...rest: unknown[]): void {
    if (message instanceof ConfigError) return;
    super.error(message, ...rest);
  }
}

export async function withAdminContext<T>(
  work: (context: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const context = await NestFactory.createApplicationContext(AdminModule, {
    logger: new ConsoleLoggerSkippingConfigErrors({ logLevels: ['error'] }),
    abortOnError: false,
  });
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}

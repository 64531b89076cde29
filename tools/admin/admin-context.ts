import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AdminModule } from './admin.module';

export async function withAdminContext<T>(
  work: (context: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const context = await NestFactory.createApplicationContext(AdminModule, { logger: ['error'] });
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}

import { Injectable, Module, type OnModuleDestroy } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { closeWithinLimit } from './watched-close';

@Injectable()
class NeverClosing implements OnModuleDestroy {
  onModuleDestroy(): Promise<void> {
    return new Promise(() => undefined);
  }
}

@Injectable()
class ClosingAtOnce implements OnModuleDestroy {
  closed = false;
  onModuleDestroy(): void {
    this.closed = true;
  }
}

describe('closing a test app within a limit', () => {
  it('fails after the limit naming the shutdown hook that never returned', async () => {
    @Module({ providers: [NeverClosing, ClosingAtOnce] })
    class StuckModule {}
    const app = await NestFactory.createApplicationContext(StuckModule, { logger: false });
    await expect(closeWithinLimit(() => app.close(), app, 200)).rejects.toThrow(
      'the app had not closed after 200 ms; still running: NeverClosing.onModuleDestroy',
    );
    expect(app.get(ClosingAtOnce).closed).toBe(true);
  });

  it('closes an app whose hooks return, calling each once', async () => {
    @Module({ providers: [ClosingAtOnce] })
    class ClosingModule {}
    const app = await NestFactory.createApplicationContext(ClosingModule, { logger: false });
    const hook = jest.spyOn(ClosingAtOnce.prototype, 'onModuleDestroy');
    await closeWithinLimit(() => app.close(), app, 5_000);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(app.get(ClosingAtOnce).closed).toBe(true);
  });
});

import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

const OUTBOX_RELAY_SWITCH = ['on', 'off'] as const;

export class QueueConfig {
  /** Prefix of the Redis keys and channels of one deployment (or one test file). */
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, {
    message: 'QUEUE_PREFIX must be letters, digits, _ . : or -, starting with a letter or digit',
  })
  QUEUE_PREFIX: string = 'cw';

  /** `off` stops the outbox relay in a process that would run it. */
  @IsIn(OUTBOX_RELAY_SWITCH)
  OUTBOX_RELAY: (typeof OUTBOX_RELAY_SWITCH)[number] = 'on';

  /**
   * How often an idle relay probes for committed events (one query on a partial index): the
   * most an event waits before it is published.
   */
  @IsInt()
  @Min(5)
  @Max(60_000)
  OUTBOX_IDLE_POLL_MS: number = 20;
}

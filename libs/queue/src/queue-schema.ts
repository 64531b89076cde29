import { type PlatformOutboxEvents, type PlatformTables, queryBuilder } from '@cw/db';

/**
 * Builds the statements of schema `platform` (the outbox's table; the types are generated from
 * the migrations, see libs/db/src/typed/generated/platform.ts). Run them with `all`/`first`/`run`.
 */
export const platformDb = queryBuilder<PlatformTables>();

export type { PlatformOutboxEvents };

import {
  HOOKS_DELIVERIES_STATE,
  type HOOKS_HOOKS_CREDENTIAL_KIND,
  type HOOKS_HOOKS_ENDED_REASON,
  HOOKS_HOOKS_KIND,
  type HOOKS_HOOKS_STATE,
  type HooksDeliveries,
  type HooksHooks,
  type HooksTables,
  queryBuilder,
} from '@cw/db';

/**
 * Builds the statements of schema `hooks` (its tables only; the types are generated from the
 * migrations, see libs/db/src/typed/generated/hooks.ts). Run them with `all`/`first`/`run`.
 */
export const hooksDb = queryBuilder<HooksTables>();

export type { HooksDeliveries, HooksHooks };

export const HOOK_KINDS = HOOKS_HOOKS_KIND;
export type HookKind = (typeof HOOK_KINDS)[number];

export type HookState = (typeof HOOKS_HOOKS_STATE)[number];

/**
 * Why a hook ended: deleted by its owner, the receiver answered 410, the credential that
 * registered it was revoked or ended, or (a callback) its delivery failed. Only `undeliverable`
 * can be reopened, by a replay.
 */
export type HookEndedReason = (typeof HOOKS_HOOKS_ENDED_REASON)[number];

/** The kind of bearer credential that registered a hook: it delivers only while that one is live. */
export type HookCredentialKind = (typeof HOOKS_HOOKS_CREDENTIAL_KIND)[number];

export const DELIVERY_STATES = HOOKS_DELIVERIES_STATE;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

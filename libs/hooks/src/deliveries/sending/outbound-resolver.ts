import type { Resolver } from '@cw/outbound';

/**
 * The DNS resolver every hook address is checked and dialled with: the system's, or one a test
 * injects (a local DNS server whose answers change between check and connect).
 */
export const HOOKS_RESOLVER = Symbol('HOOKS_RESOLVER');

export type HooksResolver = Resolver;

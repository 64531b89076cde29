import type { NodeEnv } from '@cw/platform';

/**
 * What `npm start` sets for every process outside production: it is a system on this machine,
 * so report hooks (and `http.request` steps) may also reach receivers on it
 * (`http://127.0.0.1:…`). A value the caller set wins; production sets nothing, and its
 * processes refuse the switch.
 */
export function localStartSettings(
  nodeEnv: NodeEnv,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  if (nodeEnv === 'production') return {};
  return { HOOKS_ALLOW_LOOPBACK_FOR_TESTS: env.HOOKS_ALLOW_LOOPBACK_FOR_TESTS ?? 'true' };
}

import { call, createApiKey, createTestPage } from '@cw/testing';
import { expectThat, type Drill } from './drill';

/** The gateway's default UPSTREAM_TIMEOUT_MS, and what the drill allows beyond it. */
const UPSTREAM_TIMEOUT_MS = 90_000;
const MARGIN_MS = 15_000;

export const frozenServiceDrill: Drill = {
  name: 'frozen-service',
  finding:
    'With a frozen service (SIGSTOP) a request through the gateway waits 40 s and more: there is no upstream timeout.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const token = await createApiKey(gateway, person.cookie, ['wiki:write', 'workflows:read']);
    const { page } = await createTestPage(gateway, { token }, { title: 'Frozen', markdown: 'x' });
    const wiki = drills.process('wiki-service').child;
    expectThat(wiki.pid !== undefined, 'the wiki-service has no process id');
    process.kill(wiki.pid, 'SIGSTOP');
    try {
      const began = Date.now();
      const [stuck, workflows] = await Promise.all([
        call<{ error?: { code: string } }>(gateway, 'GET', `/api/wiki/pages/${page.public_id}`, {
          token,
        }),
        call(gateway, 'GET', '/api/workflows', { token }),
      ]);
      const waited = Date.now() - began;
      expectThat(
        stuck.status === 503 &&
          stuck.body.error?.code === 'SERVICE_UNAVAILABLE' &&
          stuck.headers.get('retry-after') !== null,
        `a wiki read with the wiki-service frozen answered ${stuck.status} ${stuck.text.slice(0, 200)}`,
      );
      expectThat(
        waited < UPSTREAM_TIMEOUT_MS + MARGIN_MS,
        `the 503 came after ${waited} ms, beyond UPSTREAM_TIMEOUT_MS`,
      );
      expectThat(workflows.status === 200, `the workflow-runner answered ${workflows.status}`);
      process.kill(wiki.pid, 'SIGCONT');
      const thawed = await call(gateway, 'GET', `/api/wiki/pages/${page.public_id}`, { token });
      expectThat(thawed.status === 200, `after SIGCONT the wiki read answered ${thawed.status}`);
      return [
        `wiki-service frozen with SIGSTOP (pid ${wiki.pid})`,
        `a wiki read answered 503 SERVICE_UNAVAILABLE with Retry-After: ${stuck.headers.get('retry-after')} after ${(waited / 1000).toFixed(1)} s (UPSTREAM_TIMEOUT_MS ${UPSTREAM_TIMEOUT_MS / 1000} s)`,
        `meanwhile GET /api/workflows answered ${workflows.status}`,
        `after SIGCONT the same read answered ${thawed.status}`,
      ];
    } finally {
      process.kill(wiki.pid, 'SIGCONT');
    }
  },
};

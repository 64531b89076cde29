import { call, createApiKey, createTestPage } from '@cw/testing';
import { expectThat, type Drill } from './drill';

export const revocationRedisDownDrill: Drill = {
  name: 'revocation-redis-down',
  finding:
    'With Redis down a revoked API key kept working for 6.6 s in another process: its credential cache served it until the TTL ran out.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const writer = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const { page } = await createTestPage(
      gateway,
      { token: writer },
      { title: 'Revoked', markdown: 'x' },
    );
    const created = await call<{ id: string; token: string }>(
      gateway,
      'POST',
      '/api/auth/api-keys',
      {
        cookie: person.cookie,
        body: { name: 'revoked while Redis is down', scopes: ['wiki:read'] },
      },
    );
    expectThat(created.status === 201, `creating the key answered ${created.status}`);
    const { id, token } = created.body;
    // The wiki-service authenticates the read itself: this resolves and caches the key there.
    const read = () => call(gateway, 'GET', `/api/wiki/pages/${page.public_id}`, { token });
    const warm = await read();
    expectThat(warm.status === 200, `the key's first read answered ${warm.status}`);

    await drills.stopRedis();
    try {
      const whileDown = await read();
      // The gateway revokes; the broadcast to the wiki-service cannot be delivered.
      const began = Date.now();
      const revoked = await call(gateway, 'DELETE', `/api/auth/api-keys/${id}`, {
        cookie: person.cookie,
      });
      expectThat(revoked.status === 204, `revoking answered ${revoked.status}`);
      const after = await read();
      const refusedAfter = Date.now() - began;
      expectThat(
        after.status === 401,
        `the revoked key's next read in the wiki-service answered ${after.status}`,
      );
      return [
        'Redis of the drill stack stopped',
        `with Redis down the live key still read the page (${whileDown.status}): the wiki-service resolved it from PostgreSQL`,
        `key revoked through the gateway (${revoked.status}); the broadcast could not be delivered`,
        `the very next read in the wiki-service answered 401, ${refusedAfter} ms after the revocation began`,
      ];
    } finally {
      await drills.startRedis();
    }
  },
};

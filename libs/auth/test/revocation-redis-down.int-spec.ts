import { Controller, Get, Module } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import { CredentialRevocationChannel } from '@cw/queue';
import { PrivateRedis } from '@cw/queue/testing';
import { call, signInTestPerson, type TestApp } from '@cw/testing';
import { startAuthTestApp } from './auth-test-app';

@Controller('api/test-probe')
class WhoAmIController {
  @Get('whoami')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  whoami(@CurrentActor() actor: Actor): { credential: string } {
    return { credential: actor.credential.id };
  }
}

@Module({ controllers: [WhoAmIController] })
class WhoAmIModule {}

/**
 * Two processes on one database and one Redis of the test's own: a credential revoked in one
 * must stop working in the other even while the broadcast cannot be delivered.
 */
describe('revocation while Redis is down', () => {
  let redis: PrivateRedis;
  let revoking: TestApp;
  let serving: TestApp;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    const env = { REDIS_URL: redis.url };
    revoking = await startAuthTestApp({ env, modules: [WhoAmIModule] });
    serving = await startAuthTestApp({ env, modules: [WhoAmIModule], database: revoking.database });
  }, 60_000);

  afterAll(async () => {
    await serving?.close();
    await revoking?.close();
    await redis?.destroy();
  });

  const whoami = (token: { token?: string; cookie?: string }) =>
    call(serving.baseUrl, 'GET', '/api/test-probe/whoami', token);

  async function newKey(cookie: string): Promise<{ id: string; token: string }> {
    const created = await call<{ id: string; token: string }>(
      revoking.baseUrl,
      'POST',
      '/api/auth/api-keys',
      { cookie, body: { name: 'probe', scopes: ['wiki:read'] } },
    );
    expect(created.status).toBe(201);
    return created.body;
  }

  async function revokeKey(cookie: string, id: string): Promise<void> {
    const revoked = await call(revoking.baseUrl, 'DELETE', `/api/auth/api-keys/${id}`, { cookie });
    expect(revoked.status).toBe(204);
  }

  it('refuses a key and a session revoked in the other process at once, with Redis stopped', async () => {
    const person = await signInTestPerson(revoking.baseUrl);
    const key = await newKey(person.cookie);
    // Both credentials are resolved, and cached, by the serving process.
    expect((await whoami({ token: key.token })).status).toBe(200);
    expect((await whoami({ cookie: person.cookie })).status).toBe(200);

    await redis.stop();
    // While Redis is away a live credential is read from the database, so it still works.
    expect((await whoami({ token: key.token })).status).toBe(200);
    await revokeKey(person.cookie, key.id);
    expect((await whoami({ token: key.token })).status).toBe(401);

    const signedOut = await call(revoking.baseUrl, 'POST', '/api/auth/sign-out', {
      cookie: person.cookie,
    });
    expect(signedOut.status).toBe(200);
    expect((await whoami({ cookie: person.cookie })).status).toBe(401);
  }, 60_000);

  it('trusts its cache again once Redis is back, and refuses a key as soon as its revocation is heard', async () => {
    const channel = serving.app.get(CredentialRevocationChannel);
    expect(channel.vouchesFor(Date.now())).toBe(false);
    await redis.resume();
    // ioredis reconnects with a backoff of up to 2 s; the subscription is then confirmed.
    const deadline = Date.now() + 20_000;
    while (!channel.vouchesFor(Date.now())) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The revoking process's publisher reconnects on its own backoff: a probe broadcast heard by
    // the serving process shows the whole path is back before the revocation under test.
    const heard = new Set<string>();
    await channel.subscribe((revocation) => {
      if (revocation.type === 'credential') heard.add(revocation.credentialId);
    });
    const sender = revoking.app.get(CredentialRevocationChannel);
    for (let attempt = 0; !heard.has(`probe-${attempt - 1}`); attempt += 1) {
      expect(Date.now()).toBeLessThan(deadline);
      await sender.publish({ type: 'credential', credentialId: `probe-${attempt}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const person = await signInTestPerson(revoking.baseUrl);
    const key = await newKey(person.cookie);
    expect((await whoami({ token: key.token })).status).toBe(200);
    await revokeKey(person.cookie, key.id);
    // The broadcast reaches the serving process on its own connection, so on a busy machine the
    // next request can be read first. Once this listener (subscribed after the credential
    // cache's) has heard it, the cached key must be refused.
    while (!heard.has(key.id)) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await whoami({ token: key.token })).status).toBe(401);
  }, 60_000);
});

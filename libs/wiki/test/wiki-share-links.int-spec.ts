import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { QueueRegistry } from '@cw/queue';
import {
  call,
  createApiKey,
  createTestPage,
  type HttpResult,
  signInTestPerson,
  type TestApp,
} from '@cw/testing';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { startWikiTestApp } from './wiki-test-app';

const LIMIT = 20;
jest.setTimeout(60_000);

interface CreatedLink {
  id: string;
  url: string;
  token: string;
  token_prefix: string;
  page_id: number;
  created_at: string;
}

interface PageBody {
  page: { id: number; public_id: string; current_version: number };
}

let ipCounter = 0;
/** Each test reads public links from addresses of its own, so budgets never mix. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function company(): string {
  return `Share Co ${randomBytes(3).toString('hex')}`;
}

describe('wiki share links (one process, real PostgreSQL and Redis)', () => {
  let server: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    server = await startWikiTestApp({
      env: { PUBLIC_LINKS_PER_MINUTE: String(LIMIT) },
    });
    dataSource = server.app.get(DataSource);
  });
  afterAll(() => server.close());

  async function createPage(
    cookie: string,
    title: string,
    options: { path?: string; markdown?: string } = {},
  ): Promise<PageBody['page']> {
    const body = await createTestPage<PageBody>(
      server.baseUrl,
      { cookie },
      {
        title,
        markdown: options.markdown ?? `# ${title}`,
        path: options.path,
      },
    );
    return body.page;
  }

  async function share(cookie: string, pageId: string | number): Promise<HttpResult<CreatedLink>> {
    return call<CreatedLink>(server.baseUrl, 'POST', `/api/wiki/pages/${pageId}/share-links`, {
      cookie,
    });
  }

  function readPublic(
    path: string,
    ip: string,
    baseUrl = server.baseUrl,
  ): Promise<HttpResult<Record<string, unknown>>> {
    return call(baseUrl, 'GET', path, { headers: { 'x-forwarded-for': ip } });
  }

  it('shows the token once, stores only its SHA-256 hash, and serves the current head publicly', async () => {
    const owner = await signInTestPerson(server.baseUrl, { company: company() });
    const page = await createPage(owner.cookie, 'Launch plan', {
      path: '/Private/Secret projects',
      markdown: 'first draft',
    });

    const created = await share(owner.cookie, page.public_id);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({ page_id: page.id, created_by: owner.personId });
    expect(created.body.token).toMatch(/^cwl_[A-Za-z0-9_-]{43}$/);
    expect(created.body.url).toBe(`/public/pages/${created.body.token}`);
    expect(created.body.token.startsWith(created.body.token_prefix)).toBe(true);
    expect(Number.isNaN(Date.parse(created.body.created_at))).toBe(false);

    const [stored]: { token_hash: Buffer; token_prefix: string }[] = await dataSource.query(
      'SELECT * FROM wiki.share_links WHERE id = $1',
      [created.body.id],
    );
    expect(stored.token_hash).toEqual(createHash('sha256').update(created.body.token).digest());
    expect(JSON.stringify(stored)).not.toContain(created.body.token);

    const listed = await call<{ share_links: Record<string, unknown>[] }>(
      server.baseUrl,
      'GET',
      `/api/wiki/pages/${page.id}/share-links`,
      { cookie: owner.cookie },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.share_links).toEqual([
      {
        id: created.body.id,
        page_id: page.id,
        token_prefix: created.body.token_prefix,
        created_by: owner.personId,
        created_at: created.body.created_at,
      },
    ]);
    expect(listed.text).not.toContain(created.body.token);

    const ip = freshIp();
    const read = await readPublic(created.body.url, ip);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      title: 'Launch plan',
      content_md: 'first draft',
      updated_at: expect.any(String),
      version: 1,
    });
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.get('x-robots-tag')).toContain('noindex');
    expect(read.text).not.toContain('Secret projects');
    expect(read.text).not.toContain(page.public_id);

    const saved = await call(server.baseUrl, 'PUT', `/api/wiki/pages/${page.id}/content`, {
      cookie: owner.cookie,
      body: {
        title: 'Launch plan v2',
        markdown: 'second draft',
        expected_version: 1,
        mutation_id: randomUUID(),
      },
    });
    expect(saved.status).toBe(200);
    const reread = await readPublic(created.body.url, ip);
    expect(reread.body).toMatchObject({
      title: 'Launch plan v2',
      content_md: 'second draft',
      version: 2,
    });
  });

  it('always refuses a bearer token on link management with 403 and an explanation', async () => {
    const owner = await signInTestPerson(server.baseUrl, { company: company() });
    const page = await createPage(owner.cookie, 'Token target');
    const link = await share(owner.cookie, page.id);
    const token = await createApiKey(server.baseUrl, owner.cookie, ['wiki:write']);
    const base = `/api/wiki/pages/${page.id}/share-links`;
    for (const [method, path] of [
      ['POST', base],
      ['GET', base],
      ['DELETE', `${base}/${link.body.id}`],
    ]) {
      const refused = await call(server.baseUrl, method, path, { token });
      expect({ method, status: refused.status }).toEqual({ method, status: 403 });
      expect(refused.body).toMatchObject({
        success: false,
        error: {
          code: 'ACCESS_DENIED',
          message: expect.stringMatching(/session/),
          details: { error: 'session_required' },
        },
      });
    }
    const [{ live }]: { live: number }[] = await dataSource.query(
      'SELECT count(*)::int AS live FROM wiki.share_links WHERE page_id = $1 AND revoked_at IS NULL',
      [page.id],
    );
    expect(live).toBe(1);
    // A share token is not a credential either.
    const asBearer = await call(server.baseUrl, 'GET', `/api/wiki/pages/${page.id}`, {
      token: link.body.token,
    });
    expect(asBearer.status).toBe(401);
  });

  it('needs no credential to read, and answers 404 alike for unknown, revoked and trashed links', async () => {
    const owner = await signInTestPerson(server.baseUrl, { company: company() });
    const page = await createPage(owner.cookie, 'Handbook');
    const revokedLink = (await share(owner.cookie, page.id)).body;
    const keptLink = (await share(owner.cookie, page.id)).body;
    const ip = freshIp();
    expect((await readPublic(revokedLink.url, ip)).status).toBe(200);

    const revoke = (linkId: string): Promise<HttpResult> =>
      call(server.baseUrl, 'DELETE', `/api/wiki/pages/${page.id}/share-links/${linkId}`, {
        cookie: owner.cookie,
      });
    expect((await revoke(revokedLink.id)).status).toBe(204);
    expect((await revoke(revokedLink.id)).status).toBe(204);
    expect((await revoke(randomUUID())).status).toBe(404);
    expect((await revoke('not-a-uuid')).status).toBe(400);

    const unknownToken = `/public/pages/cwl_${randomBytes(32).toString('base64url')}`;
    for (const path of [revokedLink.url, unknownToken, '/public/pages/nonsense']) {
      const missing = await readPublic(path, ip);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
      expect(missing.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    expect((await readPublic(keptLink.url, ip)).status).toBe(200);
    const listed = await call<{ share_links: { id: string }[] }>(
      server.baseUrl,
      'GET',
      `/api/wiki/pages/${page.id}/share-links`,
      { cookie: owner.cookie },
    );
    expect(listed.body.share_links.map((link) => link.id)).toEqual([keptLink.id]);

    // Trash hides the page from its links; restoring it brings the unrevoked link back.
    expect(
      (await call(server.baseUrl, 'DELETE', `/api/wiki/pages/${page.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(200);
    expect((await readPublic(keptLink.url, ip)).status).toBe(404);
    expect(
      (
        await call(server.baseUrl, 'POST', `/api/wiki/trash/${page.id}/restore`, {
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(200);
    expect((await readPublic(keptLink.url, ip)).status).toBe(200);
  });

  it('lets only people who can read and edit the page manage its links', async () => {
    const name = company();
    const owner = await signInTestPerson(server.baseUrl, { company: name });
    const colleague = await signInTestPerson(server.baseUrl, { company: name });
    const outsider = await signInTestPerson(server.baseUrl, { company: company() });
    const privatePage = await createPage(owner.cookie, 'Diary');
    const companyPage = await createPage(owner.cookie, 'Wiki home', { path: '/Company' });
    const restricted = await createPage(owner.cookie, 'Salaries', { path: '/Company/HR' });
    await dataSource.query('UPDATE wiki.pages SET restricted = true WHERE id = $1', [
      restricted.id,
    ]);
    await dataSource.query('INSERT INTO wiki.page_access (page_id, person_id) VALUES ($1, $2)', [
      restricted.id,
      owner.personId,
    ]);

    expect((await share(colleague.cookie, privatePage.id)).status).toBe(404);
    expect((await share(outsider.cookie, companyPage.id)).status).toBe(404);
    const notListed = await share(colleague.cookie, restricted.id);
    expect(notListed.status).toBe(403);
    expect(notListed.body).toMatchObject({ error: { details: { error: 'page_not_editable' } } });
    expect((await share(colleague.cookie, companyPage.id)).status).toBe(201);
    expect((await share(owner.cookie, restricted.id)).status).toBe(201);

    const ownerLink = (await share(owner.cookie, privatePage.id)).body;
    const foreign = await call(
      server.baseUrl,
      'DELETE',
      `/api/wiki/pages/${privatePage.id}/share-links/${ownerLink.id}`,
      { cookie: colleague.cookie },
    );
    expect(foreign.status).toBe(404);
    // A link id of another page is not this page's link.
    const elsewhere = await call(
      server.baseUrl,
      'DELETE',
      `/api/wiki/pages/${companyPage.id}/share-links/${ownerLink.id}`,
      { cookie: owner.cookie },
    );
    expect(elsewhere.status).toBe(404);
    expect((await readPublic(ownerLink.url, freshIp())).status).toBe(200);
  });

  it('describes the routes in OpenAPI: session-only management, a public read', async () => {
    const { body } = await call<{
      paths: Record<string, Record<string, { operationId: string; 'x-service': unknown }>>;
    }>(server.baseUrl, 'GET', '/openapi.json');
    const links = body.paths['/api/wiki/pages/{page_id}/share-links'];
    for (const [method, operationId] of [
      ['post', 'createShareLink'],
      ['get', 'listShareLinks'],
    ]) {
      expect(links[method]).toMatchObject({
        operationId,
        'x-service': { authentication: 'person', policy_requirements: ['session_cookie_only'] },
      });
    }
    expect(body.paths['/api/wiki/pages/{page_id}/share-links/{link_id}'].delete).toMatchObject({
      operationId: 'revokeShareLink',
      'x-service': { policy_requirements: ['session_cookie_only'] },
    });
    expect(body.paths['/public/pages/{token}'].get).toMatchObject({
      operationId: 'readSharedPage',
      'x-service': { authentication: 'route_specific', policy_requirements: ['no_credential'] },
    });
    const operationIds = Object.values(body.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(operationIds.length - new Set(operationIds).size).toBe(0);
  });

  describe('rate limit per client IP', () => {
    let link: CreatedLink;

    beforeAll(async () => {
      const owner = await signInTestPerson(server.baseUrl, { company: company() });
      const page = await createPage(owner.cookie, 'Popular page');
      link = (await share(owner.cookie, page.id)).body;
    });

    /** Starts the burst early in a minute, so that the window cannot turn during it. */
    async function awaitFreshWindow(): Promise<void> {
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    }

    it(`answers the ${LIMIT + 1}st request of a minute 429 with Retry-After; other IPs keep their budget`, async () => {
      await awaitFreshWindow();
      const ip = freshIp();
      for (let i = 0; i < LIMIT - 1; i += 1) {
        expect((await readPublic(link.url, ip)).status).toBe(200);
      }
      // Unknown tokens cost the budget too: guessing is what the limit is for.
      const guess = `/public/pages/cwl_${randomBytes(32).toString('base64url')}`;
      expect((await readPublic(guess, ip)).status).toBe(404);
      const refused = await readPublic(link.url, ip);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        success: false,
        error: {
          code: 'RATE_LIMITED',
          request_id: refused.headers.get('x-request-id'),
          details: { limit: LIMIT, window_seconds: 60 },
        },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await readPublic(link.url, freshIp())).status).toBe(200);

      const redis = server.app.get(QueueRegistry).redis;
      const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:wiki:public-links:${ip}:*`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]))).toBe(LIMIT + 1);
      expect(await redis.ttl(keys[0])).toBeGreaterThan(0);
    });

    it('counts a parallel burst exactly', async () => {
      await awaitFreshWindow();
      const ip = freshIp();
      const results = await Promise.all(
        Array.from({ length: LIMIT + 10 }, () => readPublic(link.url, ip)),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    });

    it('shares one budget across replicas', async () => {
      await awaitFreshWindow();
      const replica = await startWikiTestApp({ database: server.database });
      try {
        // What readiness waits for before a replica gets traffic: its Redis connection.
        await replica.app.get(QueueRegistry).redis.ping();
        const ip = freshIp();
        for (let i = 0; i < LIMIT; i += 1) {
          const baseUrl = i % 2 === 0 ? server.baseUrl : replica.baseUrl;
          expect((await readPublic(link.url, ip, baseUrl)).status).toBe(200);
        }
        expect((await readPublic(link.url, ip, replica.baseUrl)).status).toBe(429);
        expect((await readPublic(link.url, ip, server.baseUrl)).status).toBe(429);
      } finally {
        await replica.close();
      }
    });

    it('serves the page when Redis cannot be asked (fail open)', async () => {
      const registry = server.app.get(QueueRegistry);
      const unreachable = new Redis('redis://127.0.0.1:1', {
        lazyConnect: true,
        retryStrategy: () => null,
      });
      const spy = jest.spyOn(registry, 'redis', 'get').mockReturnValue(unreachable);
      try {
        const ip = freshIp();
        for (let i = 0; i < LIMIT + 3; i += 1) {
          expect((await readPublic(link.url, ip)).status).toBe(200);
        }
      } finally {
        spy.mockRestore();
        unreachable.disconnect();
      }
    });
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import {
  call,
  createTestPage,
  type CreatedTestPage,
  type HttpResult,
  type SignedInTestPerson,
  signInTestPerson,
  startTestApp,
  TEST_ACCEPTANCE_SECRET,
  type TestApp,
} from '@cw/testing';
import { SingleProcessModule } from '../src/single-process.module';

interface ErrorBody {
  error: {
    code: string;
    message: string;
    request_id: string;
    details?: { field?: string; validation_errors?: { field: string; message: string }[] };
  };
}

interface PageBody {
  page: CreatedTestPage & { current_version: number; path: string };
}

interface ListBody {
  items: { name?: string; title?: string }[];
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'x\ud800';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A 4xx in the envelope, with the request id of the header, naming `field` when given. */
function expectRefused(result: HttpResult<unknown>, status: number, field?: string): ErrorBody {
  const body = result.body as ErrorBody;
  expect({ status: result.status, code: body.error?.code }).toEqual({
    status,
    code: expect.stringMatching(/^[A-Z_]+$/),
  });
  expect(body.error.request_id).toBe(result.headers.get('x-request-id'));
  if (field !== undefined) {
    expect(body.error.details?.field).toBe(field);
    expect(body.error.details?.validation_errors?.[0]?.field).toBe(field);
  }
  return body;
}

describe('Bad input answers a 4xx in the envelope and changes nothing', () => {
  let server: TestApp;
  let admin: SignedInTestPerson;
  let page: CreatedTestPage;
  let company: string;

  const pageNow = async (): Promise<PageBody['page']> => {
    const result = await call<PageBody>(
      server.baseUrl,
      'GET',
      `/api/wiki/pages/${page.public_id}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(result.status).toBe(200);
    return result.body.page;
  };
  const folderNow = async (path: string): Promise<ListBody['items']> => {
    const result = await call<ListBody>(
      server.baseUrl,
      'GET',
      `/api/wiki/folders?path=${encodeURIComponent(path)}`,
      { cookie: admin.cookie },
    );
    expect(result.status).toBe(200);
    return result.body.items;
  };

  beforeAll(async () => {
    server = await startTestApp(SingleProcessModule, {
      env: { ACCEPTANCE_AUTH_SECRET: TEST_ACCEPTANCE_SECRET },
    });
    company = `Bad input ${randomBytes(4).toString('hex')}`;
    admin = await signInTestPerson(server.baseUrl, { company, role: 'admin' });
    ({ page } = await createTestPage(server.baseUrl, admin, {
      title: 'Target',
      markdown: 'one\n',
      path: '/Company/Bad',
    }));
  }, 60_000);
  afterAll(() => server.close());

  describe('a NUL character or a lone surrogate in a stored string', () => {
    it.each([
      ['a NUL', NUL],
      ['a lone surrogate', LONE_SURROGATE],
    ])('refuses %s in a page title, a page body and a comment, by field', async (_kind, bad) => {
      const before = await pageNow();
      const folderBefore = await folderNow('/Company/Bad');
      const cookie = admin.cookie;
      const mutation = { expected_version: 1, mutation_id: randomUUID() };
      const attempts: [string, string, unknown, string][] = [
        ['POST', '/api/wiki/pages', { title: bad, markdown: 'x', path: '/Company/Bad' }, 'title'],
        [
          'POST',
          '/api/wiki/pages',
          { title: 'T2', markdown: bad, path: '/Company/Bad' },
          'markdown',
        ],
        [
          'POST',
          `/api/wiki/pages/${page.public_id}/appends`,
          { ...mutation, markdown: bad },
          'markdown',
        ],
        [
          'PUT',
          `/api/wiki/pages/${page.public_id}/content`,
          { ...mutation, title: 'Target', markdown: bad },
          'markdown',
        ],
        [
          'POST',
          `/api/wiki/pages/${page.public_id}/edits`,
          { ...mutation, edits: [{ kind: 'replace', find: 'one', replace: bad }] },
          'edits.0.replace',
        ],
        ['POST', `/api/wiki/pages/${page.public_id}/move`, { title: bad }, 'title'],
        ['POST', `/api/wiki/pages/${page.public_id}/comments`, { body: bad }, 'body'],
      ];
      for (const [method, path, body, field] of attempts) {
        expectRefused(await call(server.baseUrl, method, path, { cookie, body }), 400, field);
      }
      expect(await pageNow()).toEqual(before);
      expect(await folderNow('/Company/Bad')).toEqual(folderBefore);
      const comments = await call<{ comments: unknown[] }>(
        server.baseUrl,
        'GET',
        `/api/wiki/pages/${page.public_id}/comments`,
        { cookie },
      );
      expect(comments.body.comments).toEqual([]);
    });

    it('refuses them in folder names, key names and a field name', async () => {
      const companyBefore = await folderNow('/Company');
      for (const path of [`/Company/${NUL}`, `/Company/${LONE_SURROGATE}`]) {
        expectRefused(
          await call(server.baseUrl, 'POST', '/api/wiki/folders', {
            cookie: admin.cookie,
            body: { path },
          }),
          400,
          'path',
        );
      }
      expectRefused(
        await call(server.baseUrl, 'DELETE', '/api/wiki/folders?path=%2FCompany%2FBad%00', {
          cookie: admin.cookie,
        }),
        400,
        'path',
      );
      expect(await folderNow('/Company')).toEqual(companyBefore);

      const keysBefore = await call(server.baseUrl, 'GET', '/api/auth/api-keys', {
        cookie: admin.cookie,
      });
      expectRefused(
        await call(server.baseUrl, 'POST', '/api/auth/api-keys', {
          cookie: admin.cookie,
          body: { name: NUL, scopes: ['wiki:read'] },
        }),
        400,
        'name',
      );
      expectRefused(
        await call(server.baseUrl, 'POST', '/api/auth/api-keys', {
          cookie: admin.cookie,
          rawBody: '{"name":"ok","scopes":["wiki:read"],"a\\u0000b":1}',
          headers: JSON_HEADERS,
        }),
        400,
      );
      const keysAfter = await call(server.baseUrl, 'GET', '/api/auth/api-keys', {
        cookie: admin.cookie,
      });
      expect(keysAfter.body).toEqual(keysBefore.body);
    });

    it('refuses them in the acceptance exchange and in sign-in, issuing no session', async () => {
      const email = `bad-${randomBytes(4).toString('hex')}@example.test`;
      const exchange = { secret: TEST_ACCEPTANCE_SECRET, email, company };
      for (const [body, field] of [
        [{ ...exchange, company: NUL }, 'company'],
        [{ ...exchange, name: NUL }, 'name'],
        [{ ...exchange, teams: ['ok', NUL] }, 'teams.1'],
        [{ ...exchange, email: `a${LONE_SURROGATE}@example.test` }, 'email'],
      ] as const) {
        const result = await call(server.baseUrl, 'POST', '/api/acceptance/auth/exchange', {
          body,
        });
        expectRefused(result, 400, field);
        expect(result.headers.get('set-cookie')).toBeNull();
      }
      const signIn = await call(server.baseUrl, 'POST', '/api/auth/sign-in', {
        body: { email: `a${LONE_SURROGATE}@example.test`, password: 'x' },
      });
      expectRefused(signIn, 400, 'email');
      expect(signIn.headers.get('set-cookie')).toBeNull();
    });
  });

  it('refuses JSON nested 2,000 levels deep (a 4 KB body) before validating it', async () => {
    const deep = `${'['.repeat(2_000)}${']'.repeat(2_000)}`;
    const before = await pageNow();
    const body = expectRefused(
      await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.public_id}/comments`, {
        cookie: admin.cookie,
        rawBody: `{"body":"x","deep":${deep}}`,
        headers: JSON_HEADERS,
      }),
      400,
      '(body)',
    );
    expect(body.error.message).toContain('deeper than 64 levels');
    expect(await pageNow()).toEqual(before);
  });

  it('names the problem of malformed JSON in details.field and details.validation_errors', async () => {
    for (const rawBody of ['{"title":', '{"title": "a",}', '']) {
      const body = expectRefused(
        await call(server.baseUrl, 'POST', '/api/wiki/pages', {
          cookie: admin.cookie,
          rawBody,
          headers: JSON_HEADERS,
        }),
        400,
        '(body)',
      );
      expect(body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses an offset beyond the integer range on every list route', async () => {
    const huge = '99999999999999999999';
    for (const path of [
      '/api/wiki/trash',
      '/api/wiki/folders?path=%2FCompany',
      `/api/wiki/pages/${page.public_id}/versions`,
      `/api/wiki/pages/${page.public_id}/comments`,
      `/api/wiki/pages/${page.public_id}/files`,
      '/api/wiki/search?q=target',
      '/api/workflows',
      '/api/reports',
    ]) {
      const separator = path.includes('?') ? '&' : '?';
      expectRefused(
        await call(server.baseUrl, 'GET', `${path}${separator}offset=${huge}`, {
          cookie: admin.cookie,
        }),
        400,
        'offset',
      );
    }
  });

  it('refuses {"path": null} on a page move, leaving the page where it was', async () => {
    const before = await pageNow();
    expectRefused(
      await call(server.baseUrl, 'POST', `/api/wiki/pages/${page.public_id}/move`, {
        cookie: admin.cookie,
        body: { path: null },
      }),
      400,
      'path',
    );
    expect(await pageNow()).toEqual(before);
  });

  it('refuses a multipart upload without a boundary or cut short, storing no file', async () => {
    const part =
      '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
      'Content-Type: text/plain\r\n\r\nhello';
    const filesPath = `/api/wiki/pages/${page.public_id}/files`;
    for (const [contentType, rawBody] of [
      ['multipart/form-data', `${part}\r\n--B--\r\n`],
      ['multipart/form-data; boundary=', `${part}\r\n--B--\r\n`],
      ['multipart/form-data; boundary=B', part],
      ['multipart/form-data; boundary=B', part.slice(0, 20)],
    ]) {
      expectRefused(
        await call(server.baseUrl, 'POST', filesPath, {
          cookie: admin.cookie,
          rawBody,
          headers: { 'content-type': contentType },
        }),
        400,
      );
    }
    const files = await call<{ files: unknown[] }>(server.baseUrl, 'GET', filesPath, {
      cookie: admin.cookie,
    });
    expect(files.body.files).toEqual([]);
  });
});

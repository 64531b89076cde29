import { createHash, randomBytes } from 'node:crypto';
import {
  call,
  createApiKey,
  createTestDatabase,
  createTestPage,
  RawConnection,
  requestHead,
  signInTestPerson,
  type TestDatabase,
} from '@cw/testing';
import { type CompiledProcess, startCompiled, startGateway } from './edge-processes';

/** Generous: the machine running the tests may be busy. */
const PROMPT_MS = 15_000;
const PUBLIC_LINKS_PER_MINUTE = 5;

/** The status of a GET, failing the test when it takes longer than PROMPT_MS. */
async function promptStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(PROMPT_MS) });
  await response.arrayBuffer();
  return response.status;
}

function multipartUpload(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `edge-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="2mb.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The compiled gateway in front of the compiled wiki service, as deployed. */
describe('the gateway edge in front of the wiki service', () => {
  let database: TestDatabase;
  let wiki: CompiledProcess;
  let gateway: CompiledProcess;
  let token: string;
  let pageId: string;
  let publicPath: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    wiki = await startCompiled('wiki-service', database, {
      PUBLIC_LINKS_PER_MINUTE: String(PUBLIC_LINKS_PER_MINUTE),
    });
    gateway = await startGateway(database, { 'wiki-service': wiki.url });
    const person = await signInTestPerson(gateway.url);
    token = await createApiKey(gateway.url, person.cookie, ['wiki:write']);
    const created = await createTestPage(gateway.url, { token }, { title: 'Edge', markdown: 'x' });
    pageId = created.page.public_id;
    const link = await call<{ url: string }>(
      gateway.url,
      'POST',
      `/api/wiki/pages/${pageId}/share-links`,
      { cookie: person.cookie },
    );
    publicPath = link.body.url;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([gateway?.stop('SIGKILL'), wiki?.stop('SIGKILL')]);
    await database?.drop();
  });

  it('keeps answering a wiki read, a public link and health while 500 clients trickle bodies', async () => {
    const trickling: RawConnection[] = [];
    const opened = await Promise.all(
      Array.from({ length: 500 }, async (_unused, index) => {
        const connection = await RawConnection.open(gateway.url);
        // Nine in ten send no credential; the others a made-up one, which only the service can refuse.
        const credential: Record<string, string> =
          index % 10 === 0 ? { Authorization: 'Bearer cwk_made-up' } : {};
        connection.write(
          requestHead('POST', '/api/wiki/pages', {
            ...credential,
            'Content-Type': 'application/json',
            'Content-Length': 100_000,
          }),
        );
        trickling.push(connection);
        return { connection, anonymous: index % 10 !== 0 };
      }),
    );
    const trickle = setInterval(() => {
      for (const connection of trickling) connection.write('{');
    }, 500);
    try {
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all([
          promptStatus(`${gateway.url}/api/wiki/pages/${pageId}`, {
            authorization: `Bearer ${token}`,
          }),
          promptStatus(`${gateway.url}${publicPath}`),
          promptStatus(`${gateway.url}/health`),
        ]);
        expect(answers).toEqual([200, 200, 200]);
      }
      const refusals = await Promise.all(
        opened
          .filter((each) => each.anonymous)
          .map(async ({ connection }) => (await connection.response(PROMPT_MS)).status),
      );
      expect(new Set(refusals)).toEqual(new Set([401]));
      expect(trickling.filter((connection) => !connection.isClosed).length).toBeGreaterThan(0);
    } finally {
      clearInterval(trickle);
      for (const connection of trickling) connection.close();
    }
  });

  it('uploads a 2 MB file sent with Expect: 100-continue, and refuses 12 MB without asking for it', async () => {
    const file = randomBytes(2 * 1024 * 1024);
    const { body, contentType } = multipartUpload(file);
    const connection = await RawConnection.open(gateway.url);
    connection.write(
      requestHead('POST', `/api/wiki/pages/${pageId}/files`, {
        Authorization: `Bearer ${token}`,
        'Content-Type': contentType,
        'Content-Length': body.length,
        Expect: '100-continue',
      }),
    );
    expect((await connection.response(PROMPT_MS)).status).toBe(100);
    connection.write(body);
    const uploaded = await connection.response(PROMPT_MS);
    expect(uploaded.status).toBe(201);
    expect(JSON.parse(uploaded.body)).toMatchObject({
      file: { size_bytes: file.length, sha256: createHash('sha256').update(file).digest('hex') },
    });

    connection.write(
      requestHead('POST', `/api/wiki/pages/${pageId}/files`, {
        Authorization: `Bearer ${token}`,
        'Content-Type': contentType,
        'Content-Length': 12 * 1024 * 1024,
        Expect: '100-continue',
      }),
    );
    const refused = await connection.response(PROMPT_MS);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    await connection.closed;
  });

  it('answers a path parameter over the length limit with 414 in the envelope', async () => {
    const result = await call<{ error: { code: string; request_id: string } }>(
      gateway.url,
      'GET',
      `/api/wiki/pages/${'a'.repeat(201)}`,
      { token },
    );
    expect(result.status).toBe(414);
    expect(result.body.error.request_id).toBe(result.headers.get('x-request-id'));
  });

  it('gives a client sending X-Forwarded-For from loopback no fresh public-link bucket', async () => {
    const read = (headers: Record<string, string> = {}): Promise<number> =>
      call(gateway.url, 'GET', publicPath, { headers }).then((result) => result.status);
    // A new minute may start between two requests and reset every bucket: then try again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      let status = 200;
      for (let sent = 0; sent <= PUBLIC_LINKS_PER_MINUTE && status === 200; sent += 1) {
        status = await read();
      }
      expect(status).toBe(429);
      const spoofed = await read({ 'x-forwarded-for': '10.0.0.1' });
      if (spoofed === 429) return;
      expect(await read()).toBe(200);
    }
    throw new Error('X-Forwarded-For from a client opened a fresh bucket');
  });
});

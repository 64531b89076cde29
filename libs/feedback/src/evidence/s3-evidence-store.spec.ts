import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { loadEvidenceConfig } from './evidence.config';
import { evidenceStoreFromEnv } from './evidence-store.provider';
import { S3EvidenceStore, s3ClientConfigOf } from './s3-evidence-store';

interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

interface SeenRequest {
  method: string;
  path: string;
  authorization: string;
}

const NO_SUCH_KEY =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code>' +
  '<Message>The specified key does not exist.</Message></Error>';

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A peer speaking path-style PutObject, GetObject and DeleteObject, keeping objects in memory. */
function startFakeS3(objects: Map<string, StoredObject>, seen: SeenRequest[]): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://peer').pathname);
      seen.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization ?? '',
      });
      const body = await bodyOf(request);
      if (request.method === 'PUT') {
        objects.set(path, {
          bytes: body,
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        });
        response.writeHead(200, { ETag: '"etag"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          response.writeHead(404, { 'Content-Type': 'application/xml' }).end(NO_SUCH_KEY);
          return;
        }
        response
          .writeHead(200, {
            'Content-Type': object.contentType,
            'Content-Length': String(object.bytes.length),
          })
          .end(object.bytes);
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('S3EvidenceStore against a path-style S3 peer (the real SDK)', () => {
  const objects = new Map<string, StoredObject>();
  const seen: SeenRequest[] = [];
  let server: Server;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startFakeS3(objects, seen);
    env = {
      FEEDBACK_EVIDENCE_STORE: 's3',
      FEEDBACK_EVIDENCE_S3_BUCKET: 'evidence',
      FEEDBACK_EVIDENCE_S3_REGION: 'eu-west-1',
      FEEDBACK_EVIDENCE_S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      FEEDBACK_EVIDENCE_S3_FORCE_PATH_STYLE: 'true',
      FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID: 'AKIDTEST',
      FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY: 'secret-for-tests',
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is chosen by FEEDBACK_EVIDENCE_STORE=s3 and stores, reads and deletes under bucket/key', async () => {
    const store = evidenceStoreFromEnv(env);
    expect(store).toBeInstanceOf(S3EvidenceStore);
    const bytes = Buffer.from('a screenshot, more or less');

    await store.put('reports/r1/a1', bytes, 'image/png');
    expect(objects.get('/evidence/reports/r1/a1')).toEqual({ bytes, contentType: 'image/png' });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', path: '/evidence/reports/r1/a1' });
    expect(seen.at(-1)!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\//,
    );

    const stored = await store.get('reports/r1/a1');
    expect(stored?.size).toBe(bytes.length);
    expect(await text(stored!.body)).toBe(bytes.toString());

    await store.delete('reports/r1/a1');
    expect(objects.has('/evidence/reports/r1/a1')).toBe(false);
    expect(await store.get('reports/r1/a1')).toBeNull();
    await expect(store.delete('reports/r1/a1')).resolves.toBeUndefined();
  });

  it('takes credentials from the SDK chain when none are set explicitly', () => {
    const config = loadEvidenceConfig({
      ...env,
      FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID: '',
      FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY: '',
    });
    const clientConfig = s3ClientConfigOf(config);
    expect(clientConfig.credentials).toBeUndefined();
    expect(clientConfig).toMatchObject({ region: 'eu-west-1', forcePathStyle: true });
    expect(new S3Client(clientConfig)).toBeInstanceOf(S3Client);
  });

  it('refuses settings that cannot work, in one line', () => {
    expect(() => loadEvidenceConfig({ FEEDBACK_EVIDENCE_STORE: 's3' })).toThrow(
      /^Invalid setting FEEDBACK_EVIDENCE_S3_BUCKET: /,
    );
    expect(() =>
      loadEvidenceConfig({ ...env, FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY: '' }),
    ).toThrow(/FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID: set it together/);
    expect(() =>
      loadEvidenceConfig({ ...env, FEEDBACK_EVIDENCE_S3_ENDPOINT: 'not a url' }),
    ).toThrow(/^Invalid setting FEEDBACK_EVIDENCE_S3_ENDPOINT/);
    expect(() => loadEvidenceConfig({ FEEDBACK_EVIDENCE_STORE: 'ftp' })).toThrow(
      /^Invalid setting FEEDBACK_EVIDENCE_STORE/,
    );
  });
});

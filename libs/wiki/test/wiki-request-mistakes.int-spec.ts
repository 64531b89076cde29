import {
  call,
  createApiKey,
  signInTestPerson,
  type SignedInTestPerson,
  type TestApp,
} from '@cw/testing';
import { startWikiTestApp } from './wiki-test-app';

interface Refusal {
  error: {
    code: string;
    message: string;
    details?: {
      field?: string;
      validation_errors?: { field: string; message: string }[];
      content_type?: string;
      accepted?: string[];
    };
  };
}

interface Upserted {
  outcome: string;
}

const UPSERTS = '/api/wiki/pages/upserts';

describe('the common mistakes of a first request to a wiki route', () => {
  let server: TestApp;
  let alice: SignedInTestPerson;
  let token: string;

  beforeAll(async () => {
    server = await startWikiTestApp();
    alice = await signInTestPerson(server.baseUrl, { company: 'Mistakes Co' });
    token = await createApiKey(server.baseUrl, alice.cookie, ['wiki:write']);
  });
  afterAll(() => server.close());

  const upsert = <T>(options: { body?: unknown; rawBody?: string; contentType?: string }) =>
    call<T>(server.baseUrl, 'POST', UPSERTS, {
      token,
      body: options.body,
      rawBody: options.rawBody,
      headers: options.contentType ? { 'content-type': options.contentType } : {},
    });

  /** The page was never written when the first accepted upsert of its title creates it. */
  async function expectNeverWritten(title: string): Promise<void> {
    const first = await upsert<Upserted>({ body: { title, markdown: 'now' } });
    expect(first.status).toBe(200);
    expect(first.body.outcome).toBe('created');
  }

  it('says a left-out markdown is required, not that it must be shorter than 1000000 characters', async () => {
    const missing = await upsert<Refusal>({ body: { title: 'No markdown' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid request: markdown is required.',
      details: {
        field: 'markdown',
        validation_errors: [{ field: 'markdown', message: 'markdown is required' }],
      },
    });
    const both = await upsert<Refusal>({ body: {} });
    expect(both.body.error.details?.validation_errors).toEqual([
      { field: 'title', message: 'title is required' },
      { field: 'markdown', message: 'markdown is required' },
    ]);
    await expectNeverWritten('No markdown');
  });

  it("answers curl's default form type and text/plain with 415 and the Content-Type to send", async () => {
    const json = JSON.stringify({ title: 'Sent as a form', markdown: 'hello' });
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'text/plain; charset=utf-8',
    ]) {
      const refused = await upsert<Refusal>({ rawBody: json, contentType });
      expect(refused.status).toBe(415);
      const sent = contentType.split(';')[0];
      expect(refused.body.error).toEqual(
        expect.objectContaining({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: `The body is sent as ${sent}, which this route does not take: send Content-Type: application/json.`,
          details: { content_type: sent, accepted: ['application/json'] },
        }),
      );
    }
    // A type no parser knows was already 415; it now carries the same hint.
    const csv = await upsert<Refusal>({ rawBody: 'a,b', contentType: 'text/csv' });
    expect(csv.status).toBe(415);
    expect(csv.body.error.message).toContain('send Content-Type: application/json');
    await expectNeverWritten('Sent as a form');
  });

  it('refuses wrong-type bodies sent in parallel with JSON ones, writing only the JSON ones', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? upsert<Upserted>({ body: { title: `Parallel ${index}`, markdown: 'json' } })
          : upsert<Refusal>({
              rawBody: JSON.stringify({ title: `Parallel ${index}`, markdown: 'form' }),
              contentType: 'application/x-www-form-urlencoded',
            }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 415, 200, 415, 200, 415, 200, 415,
    ]);
    for (const index of [1, 3, 5, 7]) await expectNeverWritten(`Parallel ${index}`);
  });
});

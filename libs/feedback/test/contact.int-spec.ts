import { call, type TestApp } from '@cw/testing';
import type { AddressObject } from 'mailparser';
import { ContactModule } from '../src/contact/contact.module';
import {
  LocalMailServer,
  SAMPLE_FORM,
  startOfFreshWindow,
  submitContact,
} from './contact-fixtures';
import { startFeedbackTestApp } from './feedback-test-app';

jest.setTimeout(60_000);

const LIMIT = 3;

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

describe('the contact form (one process, real Redis, a local SMTP server)', () => {
  let mail: LocalMailServer;
  let server: TestApp;
  let nextClient = 1;
  /** Each test writes from addresses of its own, so budgets never mix. */
  const newClientIp = (): string => `203.0.113.${nextClient++}`;

  beforeAll(async () => {
    mail = await LocalMailServer.start();
    server = await startFeedbackTestApp({
      modules: [ContactModule],
      env: {
        SMTP_URL: mail.url,
        CONTACT_TO: 'team@example.com',
        CONTACT_FROM: 'website@example.com',
        CONTACT_RATE_PER_MINUTE: String(LIMIT),
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });
  beforeEach(() => {
    mail.received.length = 0;
    mail.refuseRecipients = false;
  });

  it('mails the team once: to, from, reply-to the sender, the name in the subject, plain text', async () => {
    const answer = await submitContact(server.baseUrl, newClientIp(), {
      ...SAMPLE_FORM,
      message: 'Hello <b>team</b>,\r\nwe would like a demo.\n\nThanks',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ accepted: true });
    expect(answer.headers.get('x-request-id')).toBeTruthy();
    expect(answer.headers.get('cache-control')).toBe('no-store');

    expect(mail.received).toHaveLength(1);
    const [{ envelope, parsed }] = mail.received;
    expect(envelope).toEqual({ from: 'website@example.com', to: ['team@example.com'] });
    expect(addressesOf(parsed.to)).toEqual(['team@example.com']);
    expect(addressesOf(parsed.from)).toEqual(['website@example.com']);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect(parsed.subject).toBe('Contact form: Ada Lovelace (Analytical Engines)');
    expect(parsed.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(
      'Name: Ada Lovelace\nEmail: ada@example.com\nCompany: Analytical Engines\n\n' +
        'Hello <b>team</b>,\nwe would like a demo.\n\nThanks',
    );
    expect(parsed.html).toBe(false);
  });

  it('refuses bad input with 400 VALIDATION_ERROR naming the field, and mails nothing', async () => {
    const refusals: [string, Record<string, unknown>][] = [
      ['email', { ...SAMPLE_FORM, email: 'not an address' }],
      ['name', { ...SAMPLE_FORM, name: 'Ada\r\nBcc: victim@example.com' }],
      ['company', { ...SAMPLE_FORM, company: 'Evil\nInc' }],
      ['message', { ...SAMPLE_FORM, message: 'x'.repeat(5001) }],
      ['name', { ...SAMPLE_FORM, name: '' }],
      ['message', { name: 'Ada', email: 'ada@example.com' }],
      ['name', { ...SAMPLE_FORM, name: 42 }],
      ['website', { ...SAMPLE_FORM, website: 'https://spam.example' }],
    ];
    for (const [field, form] of refusals) {
      const answer = await submitContact(server.baseUrl, newClientIp(), form);
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body).toMatchObject({
        error: { code: 'VALIDATION_ERROR', details: { field } },
      });
    }
    expect(mail.received).toHaveLength(0);
  });

  it('answers 503 with Retry-After when the mail server refuses; nothing sent, the same message goes through later', async () => {
    const client = newClientIp();
    mail.refuseRecipients = true;
    const refused = await submitContact(server.baseUrl, client, SAMPLE_FORM);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.body).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringMatching(/not sent: send the same message again/),
      },
    });
    expect(mail.received).toHaveLength(0);

    mail.refuseRecipients = false;
    const resent = await submitContact(server.baseUrl, client, SAMPLE_FORM);
    expect(resent.status).toBe(200);
    expect(mail.received).toHaveLength(1);
  });

  it(`allows ${LIMIT} a minute per address, then 429 RATE_LIMITED with Retry-After; another address is still served`, async () => {
    await startOfFreshWindow();
    const client = newClientIp();
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await submitContact(server.baseUrl, client, SAMPLE_FORM)).status).toBe(200);
    }
    const over = await submitContact(server.baseUrl, client, SAMPLE_FORM);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(over.body).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { limit: LIMIT, window_seconds: 60 } },
    });
    expect(mail.received).toHaveLength(LIMIT);

    const other = await submitContact(server.baseUrl, newClientIp(), SAMPLE_FORM);
    expect(other.status).toBe(200);
    expect(mail.received).toHaveLength(LIMIT + 1);
  });

  it('counts refused attempts too: bad input spends the budget', async () => {
    await startOfFreshWindow();
    const client = newClientIp();
    for (let i = 0; i < LIMIT; i += 1) {
      const answer = await submitContact(server.baseUrl, client, { ...SAMPLE_FORM, email: 'x' });
      expect(answer.status).toBe(400);
    }
    expect((await submitContact(server.baseUrl, client, SAMPLE_FORM)).status).toBe(429);
    expect(mail.received).toHaveLength(0);
  });

  it(`never lets parallel submissions from one address past the limit: ${LIMIT + 5} at once, exactly ${LIMIT} mailed`, async () => {
    await startOfFreshWindow();
    const client = newClientIp();
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 5 }, (_, i) =>
        submitContact(server.baseUrl, client, { ...SAMPLE_FORM, message: `attempt ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(5).fill(429)]);
    expect(mail.received).toHaveLength(LIMIT);
  });

  it('is described in /openapi.json: no credential, the settings it needs, the form’s schema, the typed answer', async () => {
    const { body: document } = await call<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, { required?: string[] }> };
    }>(server.baseUrl, 'GET', '/openapi.json');
    const operation = document.paths['/api/contact'].post;
    expect(operation).toMatchObject({
      operationId: 'submitContactForm',
      tags: ['contact'],
      'x-service': {
        authentication: 'route_specific',
        required_scopes: null,
        policy_requirements: [
          'no_credential',
          'setting:SMTP_URL',
          'setting:CONTACT_TO',
          'setting:CONTACT_FROM',
        ],
      },
    });
    expect(document.components.schemas.ContactSubmissionDto.required?.sort()).toEqual([
      'email',
      'message',
      'name',
    ]);
    expect(document.components.schemas.ContactAcceptedDto.required).toEqual(['accepted']);
  });
});

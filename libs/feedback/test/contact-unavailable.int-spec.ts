import type { TestApp } from '@cw/testing';
import { ContactModule } from '../src/contact/contact.module';
import { closedPortUrl, SAMPLE_FORM, startSilentServer, submitContact } from './contact-fixtures';
import { startFeedbackTestApp } from './feedback-test-app';

jest.setTimeout(60_000);

const MAIL_SETTINGS = { CONTACT_TO: 'team@example.com', CONTACT_FROM: 'website@example.com' };

/** Boots the contact form with these mail settings, submits once, and shuts down. */
async function submitWith(env: Record<string, string>, clientIp: string) {
  const server: TestApp = await startFeedbackTestApp({ modules: [ContactModule], env });
  try {
    return await submitContact(server.baseUrl, clientIp, SAMPLE_FORM);
  } finally {
    await server.close();
  }
}

describe('the contact form without a working mail server', () => {
  it('answers 503 SERVICE_UNAVAILABLE saying the form is not configured when SMTP_URL is unset', async () => {
    const answer = await submitWith(
      { SMTP_URL: '', CONTACT_TO: '', CONTACT_FROM: '' },
      '198.51.100.1',
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get('x-request-id')).toBeTruthy();
    expect(answer.body).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('contact form is not configured'),
        details: { reason: 'not_configured' },
      },
    });
  });

  it('answers 503 with Retry-After when nothing listens at SMTP_URL', async () => {
    const answer = await submitWith(
      { SMTP_URL: await closedPortUrl(), ...MAIL_SETTINGS },
      '198.51.100.2',
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.body).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE', details: { reason: 'mail_server_unavailable' } },
    });
  });

  it('answers 503 when the mail server hangs before greeting, after the SMTP phase timeout', async () => {
    const silent = await startSilentServer();
    try {
      const answer = await submitWith({ SMTP_URL: silent.url, ...MAIL_SETTINGS }, '198.51.100.3');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        error: { code: 'SERVICE_UNAVAILABLE', details: { reason: 'mail_server_unavailable' } },
      });
    } finally {
      await silent.close();
    }
  });
});

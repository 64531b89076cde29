import { ConfigError } from '@cw/platform';
import { loadContactConfig } from './contact.config';

const MAIL = {
  SMTP_URL: 'smtps://contact:secret@mail.example.com:465',
  CONTACT_TO: 'team@example.com',
  CONTACT_FROM: 'website@example.com',
};

describe('the contact form settings', () => {
  it('leave the form unconfigured by default, at 5 submissions a minute', () => {
    const config = loadContactConfig({});
    expect(config.mailSettings).toBeNull();
    expect(config.CONTACT_RATE_PER_MINUTE).toBe(5);
  });

  it('take the three mail settings together', () => {
    expect(loadContactConfig({ ...MAIL, CONTACT_RATE_PER_MINUTE: '12' })).toMatchObject({
      mailSettings: {
        smtpUrl: MAIL.SMTP_URL,
        to: 'team@example.com',
        from: 'website@example.com',
      },
      CONTACT_RATE_PER_MINUTE: 12,
    });
    expect(loadContactConfig({ ...MAIL, SMTP_URL: 'smtp://127.0.0.1:2525' }).mailSettings).toEqual(
      expect.objectContaining({ smtpUrl: 'smtp://127.0.0.1:2525' }),
    );
  });

  it('stop the process with one line on a partial or bad setting, never echoing the URL', () => {
    expect(() => loadContactConfig({ SMTP_URL: MAIL.SMTP_URL })).toThrow(
      new ConfigError(
        'Invalid setting CONTACT_TO: SMTP_URL, CONTACT_TO and CONTACT_FROM are set together or not at all (missing: CONTACT_TO, CONTACT_FROM).',
      ),
    );
    const badUrl = (): unknown =>
      loadContactConfig({ ...MAIL, SMTP_URL: 'https://user:secret@mail.example.com' });
    expect(badUrl).toThrow(
      'Invalid setting SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL of a mail server.',
    );
    expect(() => loadContactConfig({ ...MAIL, CONTACT_TO: 'team' })).toThrow(
      /^Invalid setting CONTACT_TO: /,
    );
    expect(() => loadContactConfig({ CONTACT_RATE_PER_MINUTE: '0' })).toThrow(
      /^Invalid setting CONTACT_RATE_PER_MINUTE: /,
    );
  });
});
